"""The worldsmith error family: each leaf says what the user can do about it.

    WorldsmithError
    ├── OutlineError      the outline is wrong: fix the file at file:line, field
    │   (LedgerError      a fact's formula or stated value: reported as an OutlineError at the fact)
    ├── TaxonomyError     the occupation data is wrong or cannot resolve a role
    ├── ModelError        a model call failed; `retryable` says whether trying again can help
    ├── BundleError       a world bundle on disk is missing or unreadable
    │   ├── ChecksumError its files are not the ones its manifest lists (worlds.world): republish it
    │   ├── PlanError     its plan.json is not a valid ledger: a fact, formula or value no task can compute with
    │   └── StoreError    its world.duckdb holds code or objects the schema does not name (worlds.store.sandbox)
    │       └── OlderStoreError  its world.duckdb has the layout an older worldsmith wrote: rebuilt once (worlds.store.sandbox)
    ├── ParseError        a file of the room does not open as its extension says (raised by worlds.store's readers):
    │                     validation reports it as file_parses; regenerate or replace the file
    ├── RenderError       an artifact's content could not be written as a file
    ├── PublishError      a world could not be published (its checks failed, or the target is busy)
    ├── CheckError        a check file in worlds/checks/ is malformed or its query fails: fix that file
    ├── ProfileError      a mail profile file is missing or invalid (worlds.profile): give another, or rebuild it
    ├── CorpusError       a mail corpus path is missing or holds no readable mail (worlds.corpus): point at another
    ├── ConfigError       worldsmith.toml or an environment variable is malformed (flows.config): fix the named setting
    ├── CacheError        the response cache's file is no SQLite cache (generators.backends.cache): point at another
    ├── SessionError      an app was asked for what the world does not have, or a write it cannot make (the apps)
    ├── UsageError        a command-line option has a value the command cannot use (flows.cli): see --help
    └── PathArgumentError a path argument names the wrong kind of thing or an unwritable place (flows.cli_paths)
Each leaf sets `exit_code`, what the CLI exits with (2: fix the input; 1: the run failed).
"""

from __future__ import annotations


class WorldsmithError(Exception):
    """Base of every error worldsmith raises on purpose."""

    exit_code = 1


class OutlineError(WorldsmithError):
    """A problem in an outline file, located by file, line and field."""

    exit_code = 2

    def __init__(self, message: str, *, file: str = "<outline>", line: int | None = None, field: str = ""):
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


class TaxonomyError(WorldsmithError):
    """The occupation taxonomy is malformed or cannot answer a question asked of it."""

    exit_code = 2


class ModelError(WorldsmithError):
    """A model call failed; `retryable` tells whether trying again can help."""

    def __init__(self, message: str, *, retryable: bool = False, request_id: str | None = None,
                 systemic: bool = False):
        self.retryable = retryable
        # A wrong key, an unknown model, an unsupported format: every call would fail alike, so it
        # stops the run instead of being one artifact's failure.
        self.systemic = systemic
        self.request_id = request_id  # the server's id of the last answer or error, to quote to its operator
        super().__init__(message)


class BundleError(WorldsmithError):
    """A world bundle is missing, incomplete or unreadable."""

    exit_code = 2


class PlanError(BundleError):
    """A bundle's plan.json is not a ledger worldsmith writes (worlds.bundle.read_plan): a formula that does not parse
    within bounds, names no fact or cannot be computed, or a value no ledger holds; regenerate the world."""


class ParseError(WorldsmithError):
    """A file could not be read as what its extension says it is: validation reports it (file_parses); regenerate
    the world, or replace the file with one that opens."""

    exit_code = 2


class PublishError(WorldsmithError):
    """A world could not be published."""


class RenderError(WorldsmithError):
    """An artifact's content could not be written as its file format."""


class SessionError(WorldsmithError):
    """An app was asked for something the world does not have, or a write it cannot make."""

    exit_code = 2
