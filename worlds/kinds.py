"""The registry of artifact kinds: what each kind declares, and the unions and SQL views built from them.

A kind (email, document, spreadsheet, chat, calendar...) is one folder, generators/kinds/<kind>/, whose
package builds a `Kind`, and one line in `worldsmith.generators.registry`. Everything that differs between
kinds is a field here, so nothing elsewhere asks `isinstance` of a spec: the outline's item union, the plan's spec union, the
content union, the loader's plan rows and parsers, the `artifact_text` and `fact_mentions` views
that every fact, ledger, leakage and near-duplicate check reads, and (declared here, called only by
the generators layer) the planner step, composer, prompt and renderer.

This module names no kind. A kind left out of `artifact_text` could not be checked, so `text_sql`
is required, and `fact_mentions` holds every kind's planted facts whether or not it says how.
"""

from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Annotated, Callable, Mapping, Union

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:  # pragma: no cover - hints only
    from pathlib import Path
    from zoneinfo import ZoneInfo

    from worldsmith.worlds.apps import App


def _one_file(spec: Any) -> list[tuple[str, str]]:
    return [(spec.path, "artifact")]


def _no_aggregate(rel: str) -> str | None:
    return None


def _no_dependencies(spec: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class Kind:
    """Everything about one artifact kind, declared in one place. `name` is its spec's and content's `kind`."""

    name: str
    item: type[BaseModel]       # the outline item; its `kind` literal is what an outline writes
    spec: type[BaseModel]       # the plan's spec of one artifact
    content: type[BaseModel]    # what generation makes for one artifact
    text_sql: str               # select artifact_id, path, '<name>' as kind, text: what a reader of its files sees
    # -- loading (worlds.store.load) ---------------------------------------------------------
    plan_row: Callable[[Any, "ZoneInfo", Callable[..., None]], dict[str, Any]] = lambda spec, zone, add: {}
    files: Callable[[Any], list[tuple[str, str]]] = _one_file       # (path, role) the room must hold for a spec
    aggregate: Callable[[str], str | None] = _no_aggregate         # role of a kind-wide file (a mailbox...), else None
    parsers: Mapping[str, Callable[["RoomFile"], None]] = field(default_factory=dict)  # by lower-case extension
    ddl: str = ""               # create table ...: the tables its parser fills, when schema.sql has none
    fact_sql: str | None = None  # select artifact_id, fact_id, found from expected where kind = ...; default: text
    fact_text_sql: str | None = None  # select artifact_id, text: where facts are looked for; default: text_sql
    fact_place: str = "the text of the file"  # how planned_fact_present names where it looked
    prose_sql: str | None = None  # select artifact_id, path, kind, text: prose beyond artifact_text (subject lines)
    # select max(<timestamptz>): the last moment its files record a message (one sent, one posted); a session's clock
    # starts after every kind's, so what an agent sends comes after everything it answers. None: it records none.
    latest_sql: str | None = None
    # What a World shows of its tables, by attribute name (chat's `world.chat`, calendar's `world.events`):
    # view(world) -> its empty value where the room has none. Called only on a loaded world (worlds.world.World).
    views: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    # -- generation (worldsmith.generators; never called from worlds) --------------------------
    plan: Callable[..., None] | None = None          # (planner, folder, item, instance, day, title, facts, distractor)
    # after every item is planned: cross-artifact links, (artifacts, the matter's public holidays: no date moves onto one)
    link: Callable[[list[Any], frozenset[Any]], None] | None = None
    dependencies: Callable[[Any], list[str]] = _no_dependencies  # artifact ids generated before this one
    render_reads: Callable[[Any], list[str]] = _no_dependencies  # ids whose files its renderer reads (attachments)
    context: Callable[..., dict[str, Any]] | None = None  # (plan, spec, done) -> ArtifactContext fields it adds
    compose: Callable[[Any], BaseModel] | None = None     # the offline composer: ArtifactContext -> content
    prompt: str = ""            # the template generators/prompts/<prompt>.md
    prompt_fields: Callable[[Any], dict[str, Any]] | None = None  # ArtifactContext -> the template's own fields
    # What a model writes for one artifact, prose only (no field the engine owns), and how the engine makes the
    # content from it: merge(context, prose) -> (content, what the engine filled in itself); prose_of(context,
    # content) -> the prose a content holds (the test server answers it from the composer). None: no model prose.
    prose: type[BaseModel] | None = None
    merge: Callable[[Any, Any], tuple[BaseModel, list[str]]] | None = None
    prose_of: Callable[[Any, Any], BaseModel] | None = None
    render: Callable[..., list["Path"]] | None = None     # (plan, spec, contents, room) -> one artifact's files
    # (plan, rendered specs, contents, room, changed) -> kind-wide files; `changed`: the ids rendered again or left
    # out by a repair round (None: all), whose kind-wide files alone need writing again.
    render_all: Callable[..., list["Path"]] | None = None
    from_proposal: Callable[[Any, dict[str, Any]], BaseModel] | None = None  # expansion: ProposedItem -> item
    # -- outline checks (worlds.outline.check_references) --------------------------------------
    # (item, outline) -> (field path under the item, message) of the item's first problem pydantic cannot
    # see (a fact it names that is not a date...), else None; the outline error then points at that field.
    check: Callable[[Any, Any], tuple[tuple, str] | None] | None = None
    # -- the kind's own files (its folder under generators/kinds/) -------------------------------
    checks: "Path | None" = None   # a folder of the kind's SQL checks; worlds.validate runs them with worlds/checks/
    prompts: "Path | None" = None  # where <prompt>.md and <prompt>_rules.md are; None: generators/prompts/
    # -- serving (worldsmith.environments.apps; never called from worlds) -----------------------------
    app: str = ""               # the app an agent reads its files with: "mail", "drive", or its own; "": `name`
    serve: Callable[[], "App"] | None = None  # its own app (worldsmith.worlds.apps.App), imported on first use

    @property
    def app_name(self) -> str:
        """The app an agent reads this kind's files with."""
        return self.app or self.name

    @property
    def item_kind(self) -> str:
        """What an outline writes as `kind:` for this kind's items."""
        return self.item.model_fields["kind"].annotation.__args__[0]  # type: ignore[union-attr]


@dataclass
class RoomFile:
    """One file of the room as a parser sees it."""

    rel: str                    # relative to room/, POSIX separators
    path: "Path"
    data: bytes
    ext: str
    artifact_id: str | None     # the planned artifact at this path, if it is one
    role: str
    plan: Any                   # the WorldPlan
    add: Callable[..., None]    # queue a row: add(table, **columns)
    cache: dict[str, Any]       # lookups a kind builds once per load (message ids, uids...)


_KINDS: dict[str, Kind] = {}
_BOUND: list[tuple[type[BaseModel], str, str, bool]] = []
_CONTAINERS: list[type[BaseModel]] = []
# What registers the kinds (the package sets it: worldsmith.generators.registry), run on first use of the
# registry. The kinds live in the generators layer with their composers and renderers; importing the domain
# must not load them (issue 18), so they come in when a union, a kind or a bound model is first needed.
_LOADER: Callable[[], Any] | None = None


def load_with(loader: Callable[[], Any]) -> None:
    """Name what registers the kinds; it runs once, on the first use of any kind, union or bound model."""
    global _LOADER
    _LOADER = loader


# Threads that validate at once (a server's connections) must not see the kinds half-registered: the first use
# loads them under this lock, and every other thread waits for it; the loader's own calls come back in (re-entrant).
_LOAD_LOCK = threading.RLock()
_LOADED = False


def _ensure() -> None:
    global _LOADER, _LOADED
    if _LOADED:
        return
    with _LOAD_LOCK:
        loader, _LOADER = _LOADER, None  # cleared first: the loader's own register() calls come back here
        if loader is None:
            return
        try:
            loader()
        except BaseException:
            _LOADER = loader
            raise
        _LOADED = True


class KindBound(BaseModel):
    """A model typed by the registry's unions (`bind`, `contains`): built on first use, once the kinds are in.

    Its validator is deferred (defer_build) and its first build, or the build of a model that holds it, asks
    the registry first: no model validates or dumps an artifact as the bare base class of the kinds.
    """

    model_config = ConfigDict(defer_build=True)

    @classmethod
    def model_rebuild(cls, **kwargs: Any) -> bool | None:
        """Register the kinds if no one has yet, then rebuild as pydantic does (one thread at a time)."""
        with _LOAD_LOCK:
            _ensure()
            return super().model_rebuild(**kwargs)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Register the kinds before a model that holds this one is built (World's plan, a flow's outline)."""
        with _LOAD_LOCK:
            _ensure()
            return handler(source)


def register(kind: Kind) -> Kind:
    """Add (or replace) a kind; every union built from the registry follows at once."""
    _ensure()  # the package's kinds first, then this one (a test's toy kind comes after them)
    _KINDS[kind.name] = kind
    _rebuild()
    return kind


def unregister(name: str) -> None:
    """Remove a kind (a test's toy kind); the unions follow."""
    _ensure()
    _KINDS.pop(name, None)
    _rebuild()


def kinds() -> list[Kind]:
    """Every registered kind, in registration order."""
    _ensure()
    return list(_KINDS.values())


def kind(name: str) -> Kind:
    """The kind named `name` (a spec's or content's `kind`)."""
    _ensure()
    try:
        return _KINDS[name]
    except KeyError:
        raise KeyError(f"no artifact kind {name!r} is registered; known: {', '.join(_KINDS) or 'none'}") from None


def view(name: str) -> Callable[[Any], Any] | None:
    """The view a registered kind gives a World under `name` (Kind.views), or None when no kind gives one."""
    _ensure()
    return next((k.views[name] for k in _KINDS.values() if name in k.views), None)


def of(obj: Any) -> Kind:
    """The kind of a spec, content or outline item."""
    _ensure()
    name = obj.kind
    if name in _KINDS:
        return _KINDS[name]
    for k in _KINDS.values():
        if k.item_kind == name:
            return k
    return kind(name)


def union(part: str) -> Any:
    """The discriminated union of every kind's `part` ("item", "spec" or "content")."""
    _ensure()
    members = tuple(getattr(k, part) for k in _KINDS.values())
    if not members:
        raise RuntimeError("no artifact kind is registered yet; import worldsmith first")
    return Annotated[Union[members], Field(discriminator="kind")]


def bind(model: type[BaseModel], name: str, part: str, many: bool = False) -> None:
    """Type `model.name` as the union of every kind's `part` (a list of them when `many`), now and after each change."""
    _BOUND.append((model, name, part, many))
    if _KINDS:
        _rebuild()


def contains(model: type[BaseModel]) -> None:
    """`model` holds a bound model: rebuild it after each change too (pydantic copies nested schemas)."""
    _CONTAINERS.append(model)
    if _KINDS:
        model.model_rebuild(force=True)


def _rebuild() -> None:
    if not _KINDS:
        return
    for model, name, part, many in _BOUND:
        old = model.__pydantic_fields__[name]
        new = copy.copy(old)
        u = union(part)
        new.annotation = list[u] if many else u  # type: ignore[valid-type]
        model.__pydantic_fields__[name] = new
    for model in dict.fromkeys([m for m, *_ in _BOUND] + _CONTAINERS):
        model.model_rebuild(force=True)


# ---------------------------------------------------------------- SQL built from the registry

def create_tables(con: Any) -> None:
    """Run every kind's own DDL, then create the views built from the registry."""
    _ensure()
    for k in _KINDS.values():
        if k.ddl.strip():
            con.execute(k.ddl)
    con.execute(artifact_text_sql())
    con.execute(fact_mentions_sql())
    con.execute(realism_text_sql())
    con.execute("create table kinds (kind varchar primary key, fact_place varchar not null)")
    for k in _KINDS.values():
        con.execute("insert into kinds values (?, ?)", [k.name, k.fact_place])


def artifact_text_sql() -> str:
    """The artifact_text view: what a reader of each parsed file sees as text, one row per file and kind."""
    _ensure()
    parts = [f"select artifact_id, path, kind, text from ({k.text_sql.strip().rstrip(';')})" for k in _KINDS.values()]
    return "create or replace view artifact_text as\n" + "\nunion all\n".join(parts)


def realism_text_sql() -> str:
    """The realism_text view: everything a reader sees as prose, per artifact (artifact_text and each kind's extra prose)."""
    _ensure()
    parts = ["select artifact_id, path, kind, text from artifact_text"]
    parts += [f"select artifact_id, path, kind, text from ({k.prose_sql.strip().rstrip(';')})"
              for k in _KINDS.values() if k.prose_sql]
    return "create or replace view realism_text as\n" + "\nunion all\n".join(parts)


def _default_fact_sql(k: Kind) -> str:
    source = (k.fact_text_sql or f"select artifact_id, text from ({k.text_sql.strip().rstrip(';')})").strip().rstrip(";")
    # Only artifacts with a planned fact: in a world of a million messages, most have none.
    return (f"select e.artifact_id, e.fact_id, contains(c.text, squash(e.text)) as found\n"
            f"from expected e join (select artifact_id, squash(string_agg(text, chr(10))) as text from ({source})\n"
            f"    where artifact_id in (select artifact_id from planned_facts) group by artifact_id) c\n"
            f"  on c.artifact_id = e.artifact_id\n"
            f"where e.kind = '{k.name}'")


def fact_mentions_sql() -> str:
    """The fact_mentions view: for every planned (artifact, fact), whether the value is there.

    A distractor artifact is held to the distractor's value instead. found is NULL when the artifact
    has no parsed content at all: a missing or broken file, which inventory_exists and file_parses
    report, not a missing fact. Every kind's rows come in, so none can be left out of the check.
    """
    _ensure()
    found = "\n    union all\n".join(
        "    " + (k.fact_sql or _default_fact_sql(k)).strip().rstrip(";").replace("\n", "\n    ")
        for k in _KINDS.values())
    return f"""create or replace view fact_mentions as
with expected as (
    -- the value the fact held on the artifact's day: an email of March carries March's figure
    select pf.artifact_id, pf.fact_id, a.kind, d.id as distractor,
           coalesce(d.type, f.type) as type,
           case when d.id is null then coalesce(v.text, f.text) else d.text end as text,
           case when d.id is null then coalesce(v.value_num, f.value_num) else d.value_num end as value_num,
           case when d.id is null then coalesce(v.value_date, f.value_date) else d.value_date end as value_date
    from planned_facts pf
    join artifacts a on a.id = pf.artifact_id
    join artifact_days ad on ad.artifact_id = pf.artifact_id
    join facts f on f.id = pf.fact_id
    left join distractors d on d.id = a.distractor and d.fact = pf.fact_id
    left join fact_values v on v.fact_id = pf.fact_id and v.since <= ad.day and (v.until is null or ad.day < v.until)
),
found as (
{found}
)
select e.artifact_id, e.fact_id, e.distractor, e.text as expected, bool_or(x.found) as found
from expected e
left join found x on x.artifact_id = e.artifact_id and x.fact_id = e.fact_id
group by all"""
