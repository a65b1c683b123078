-- The DuckDB schema of a loaded world: the plan (what was meant) beside the parsed room (what was made).
--
-- Plan tables come from plan.json; room tables come from parsing every file under room/ back, so the
-- checks look at what an agent will read, not at what a generator intended to write.

-- Whitespace-insensitive text, so a value wrapped across a line still counts as present.
-- The pattern runs only on a text holding what it changes (a tab, line feed, form feed or carriage return: RE2's \s
-- less the space, or two spaces running): on any other text it gives the text back, and trim alone is the same.
-- Nearly no subject or name holds one, and the pattern over every subject was a third of the CPU of reading the
-- room's prose (issue 22: four checks read it over a million emails). The text is named once (a lambda's argument):
-- a macro's argument is copied wherever the body names it, and an argument that is itself a pattern would run
-- once per test.
create macro squash(s) as list_transform([coalesce(s, '')], lambda squash_text:
    case when contains(squash_text, '  ') or contains(squash_text, chr(10)) or contains(squash_text, chr(9))
              or contains(squash_text, chr(13)) or contains(squash_text, chr(12))
         then trim(regexp_replace(squash_text, '\s+', ' ', 'g')) else trim(squash_text) end)[1];

-- Whether a text writes a value whole: '6 August 2026' is not written in '26 August 2026', nor 'USD 5,000' in
-- 'USD 5,000,000' (a blind outline's sale agreement quarantined on a deadline of 6 August read inside its delivery date
-- of 26 August). The pattern runs only on a text that holds the value.
create macro mentions(mention_text, wanted) as
    case when contains(mention_text, wanted)
         then regexp_matches(mention_text, '(^|[^0-9])' || regexp_escape(wanted) || '($|[^0-9.,]|[.,]([^0-9]|$))')
         else false end;

-- ---------------------------------------------------------------- the plan

create table world (
    world_id     varchar not null,
    title        varchar not null,
    seed         bigint not null,
    locale       varchar not null,
    timezone     varchar not null,   -- IANA name: the zone in which dates of the window are read
    window_start date not null,
    window_end   date not null
);

-- The public holidays of the matter's country in its window (worlds.public_holidays): days its offices write nothing.
create table public_holidays (
    day  date primary key,
    name varchar not null
);

create table organisations (
    id     varchar primary key,
    name   varchar not null,
    role   varchar not null,
    domain varchar not null,
    privileged boolean not null default false, -- inside the home side's privileged circle (counsel and client)
    side    varchar not null default '',     -- the side it argues for ('(home)', else its party's id); '' for a neutral
    neutral boolean not null default false,  -- decides between the parties or administers for both
    authority boolean not null default false -- a public body or a neutral: set no deadline by a party, reserves nothing
);

create table people (
    id           varchar primary key,
    role         varchar not null,
    name         varchar not null,
    email        varchar not null,
    title        varchar not null,
    organisation varchar not null,
    occupation   varchar not null,
    seniority    varchar not null,
    phone        varchar not null
);

create table facts (
    id         varchar primary key,
    statement  varchar not null,
    type       varchar not null,   -- money | date | percent | number | text
    text       varchar not null,   -- the canonical rendering an artifact must contain
    value_num  double,             -- money amount, percent as written (7.5 for 7.5%), number
    value_date date,
    currency   varchar,
    unit       varchar,
    label      varchar,            -- the fact's short name ('OPA 90 liability cap')
    known_from date,               -- the first day its current value is known
    formula    varchar,            -- how it follows from other facts, over their ids; NULL for an input
    owner      varchar not null default ''  -- the side whose fact it is (organisations.side); '' for nobody's
);

-- Every value a fact has held, with the days it held it: the earlier values, then the current one.
-- A fact has no value before its first row; an artifact dated then cannot know it.
create table fact_values (
    fact_id    varchar not null,
    since      date not null,
    until      date,               -- the first day of the next value; NULL for the current one
    text       varchar not null,
    value_num  double,
    value_date date
);

create table distractors (
    id         varchar primary key,
    fact       varchar not null,
    type       varchar not null,
    text       varchar not null,
    label      varchar not null,
    value_num  double,
    value_date date
);

create table artifacts (
    id         varchar primary key,
    kind       varchar not null,   -- email | document | spreadsheet
    item       varchar not null,
    path       varchar not null,   -- relative to room/, POSIX separators
    title      varchar not null,
    author     varchar not null,   -- person id
    occupation varchar not null,
    "at"       timestamptz not null, -- a reserved word, so quoted; sent_at for emails, the date at 09:00 world time for documents and sheets
    distractor varchar,
    thread     varchar,
    parent     varchar,
    mode       varchar,            -- new | reply | forward (emails only)
    position   integer,
    message_id varchar,            -- without angle brackets
    doc_type   varchar,
    sections   integer,
    rows       integer,
    purpose    varchar
);

-- The day each artifact bears, in the world's timezone: an email's sending day, a file's date.
create view artifact_days as
select a.id as artifact_id, timezone(w.timezone, a."at")::date as day
from artifacts a cross join world w;

-- Who a planned artifact goes to: to and cc for emails, reader for documents and sheets.
create table planned_recipients (
    artifact_id varchar not null,
    kind        varchar not null,
    person_id   varchar not null
);

create table planned_facts (
    artifact_id varchar not null,
    fact_id     varchar not null
);

-- Every path the plan implies under room/: each artifact's file and the twin of each document and sheet.
create table expected_files (
    path        varchar primary key,
    artifact_id varchar not null,
    role        varchar not null      -- artifact | twin
);

-- ---------------------------------------------------------------- the room as parsed

create table files (
    path        varchar primary key,  -- relative to room/
    ext         varchar not null,     -- lower case, without the dot ('' when none)
    size        bigint not null,
    sha256      varchar not null,
    artifact_id varchar,              -- NULL when the file is not planned
    role        varchar not null,     -- artifact | twin (.md of a .docx, .csv of a .xlsx) | mailbox | unplanned
    parsed      boolean not null,
    error       varchar               -- why it did not parse
);

create table emails (
    artifact_id varchar,              -- by path, else by Message-ID; NULL when unplanned
    path        varchar not null,
    message_id  varchar,              -- without angle brackets
    in_reply_to varchar,
    refs        varchar[],
    subject     varchar,
    from_name   varchar,
    from_addr   varchar,
    sent_at     timestamptz,
    date_header varchar,
    body        varchar,              -- the whole text/plain body
    body_new    varchar,              -- the sender's own text, without quoted or forwarded history
    digest      varchar               -- parse.copy_digest of the file: every copy of the message has the same
);

create table recipients (
    artifact_id varchar,
    path        varchar not null,
    kind        varchar not null,     -- to | cc
    name        varchar,
    address     varchar not null
);

create table mailboxes (
    path       varchar primary key,
    owner      varchar not null,      -- the address in the file name
    n_messages integer not null
);

create table mailbox_messages (
    mailbox    varchar not null,      -- mailboxes.path
    position   integer not null,
    message_id varchar,
    digest     varchar                -- parse.copy_digest of this copy, compared with its .eml's
);

create table documents (
    artifact_id  varchar,
    path         varchar not null,
    identifier   varchar,             -- core_properties.identifier, the artifact id the renderer wrote
    title        varchar,
    subtitle     varchar,
    text         varchar,             -- every paragraph and table cell, in order, newline-joined
    margins      varchar,             -- page header and footer text (a distractor's warning label lives there)
    n_words      integer not null,
    n_sections   integer not null,    -- Heading 1 paragraphs
    n_tables     integer not null,
    n_paragraphs integer not null
);

create table sheets (
    artifact_id varchar,
    path        varchar not null,
    sheet_name  varchar not null,
    position    integer not null,
    n_rows      integer not null,
    n_cols      integer not null
);

create table cells (
    artifact_id   varchar,
    path          varchar not null,
    sheet_name    varchar not null,
    row           integer not null,   -- 1-based, as in the sheet
    col           integer not null,   -- 1-based
    header        varchar,            -- the row-1 text of this column
    value_type    varchar not null,   -- text | number | date | bool | formula (a formula we could not evaluate) | error
    value_text    varchar,
    value_num     double,             -- for a formula, the value we computed from the loaded cells
    value_date    date,
    formula       varchar,
    number_format varchar
);

-- ---------------------------------------------------------------- derived
-- The views every fact, ledger, leakage and near-duplicate check reads (fact_mentions, artifact_text,
-- realism_text) are built from the registry of artifact kinds (worlds/kinds.py) after this file runs,
-- so that no kind can be left out of them.

-- ---------------------------------------------------------------- consistency checks (issue 4, part A)
-- Tables for the consistency checks: names of the cast, citations, the manifest's file list, workbook
-- properties and cached formula values, the block structure of documents and their twins, the cells
-- of CSV twins. Each is filled by the loader from plan.json, manifest.json or the room's files.

-- A person's given and family names, for signatures that sign with the first name only.
create table person_names (
    person_id  varchar primary key,
    first_name varchar not null,
    last_name  varchar not null
);

-- Which sheets a planned document quotes (DocumentSpec.cites).
create table planned_cites (
    artifact_id varchar not null,     -- the document
    sheet_id    varchar not null      -- the spreadsheet artifact it cites
);

-- What a planned document must say (DocumentSpec.points): the outline's points, each fact's value written in.
create table planned_points (
    artifact_id varchar not null,     -- the document
    position    integer not null,     -- its place among the document's points, from 1
    heading     varchar,              -- the point's heading ('Customer contracts'), if it has one
    text        varchar not null      -- the point's text, as the document must carry it
);

-- The file list of manifest.json when the bundle has one (paths relative to the bundle).
create table manifest_files (
    path    varchar primary key,
    sha256  varchar not null,
    bytes   bigint,
    present boolean             -- whether the bundle holds a file of that path (by name; never opened to find out)
);

-- Files of the bundle outside room/ that a readable manifest does not list (neither in files nor derived), beside
-- manifest.json and world.duckdb: found by name, never opened; open_world refuses such a bundle too.
create table unlisted_files (
    path varchar primary key
);

-- Whether manifest.json was there and readable; one row.
create table manifest_state (
    present       boolean not null,
    readable      boolean not null,
    error         varchar,
    plan_sha256   varchar not null,   -- of plan.json as it is now, to compare with the manifest's entry
    seal          varchar             -- ok | none (an older worldsmith) | broken (edited since sealed) | invalid
                                      -- (a value its fields cannot hold); NULL a bare file list
);

-- Document properties of each .xlsx: where a sheet's title and a distractor's label live.
create table workbooks (
    artifact_id varchar,
    path        varchar primary key,
    title       varchar,
    description varchar,
    identifier  varchar
);

-- The value a formula cell shows to a reader that does not recalculate (pandas, openpyxl data_only):
-- the number cached in the file, when the writing application stored one.
create table cell_cache (
    path       varchar not null,
    sheet_name varchar not null,
    row        integer not null,
    col        integer not null,
    cached_num double
);

-- The structure of each .docx and each Markdown twin, block by block, so the two can be compared.
create table document_blocks (
    path     varchar not null,        -- the .docx or the .md
    source   varchar not null,        -- docx | md
    position integer not null,
    kind     varchar not null,        -- title | heading | paragraph | cell
    text     varchar not null         -- whitespace squashed
);

-- The cells of each CSV twin.
create table twin_cells (
    path       varchar not null,      -- the .csv
    row        integer not null,      -- 1-based, as in the sheet
    col        integer not null,
    value_text varchar not null
);

-- ---------------------------------------------------------------- realism checks (issue 4, part B)
-- Tables the realism checks read that SQL alone cannot fill: both stay empty after loading, and
-- worlds.realism.prepare_store fills them during validation (validate_bundle), from the shipped
-- list of real entities and from the world's profile compared with a reference profile.

-- Lower-cased, punctuation-free, without a trailing legal form: "Goldman Sachs & Co. LLC" -> "goldman sachs".
-- Applied to both sides, so a match is a whole-name match.
create macro entity_key(s) as trim(regexp_replace(regexp_replace(regexp_replace(
    lower(coalesce(s, '')), '[^a-z0-9& ]+', ' ', 'g'),
    '(\s+(&\s*)?(inc|incorporated|llc|llp|lp|ltd|limited|plc|corp|corporation|co|company|group|holdings|sa|ag|nv|gmbh))+\s*$', ''),
    '\s+', ' ', 'g'));

-- Well-known real companies and public figures (worlds/data/real_entities.txt).
create table real_entities (
    name varchar not null,
    key  varchar not null            -- entity_key(name)
);

-- The world's profile against the reference profile, metric by metric (see worlds/profile.py).
create table profile_metrics (
    metric          varchar primary key,
    kind            varchar not null,   -- histogram | rate | mean | median
    world_value     double,             -- a histogram's count of observations; a rate or statistic
    reference_value double,
    divergence      double,             -- Jensen-Shannon (bits) for histograms, relative error otherwise
    tolerance       double,             -- in the unit of divergence
    ok              boolean,            -- NULL when not judged (no reference figure, no tolerance)
    note            varchar not null,
    reference       varchar not null    -- the reference profile's source
);
