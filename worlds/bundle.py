"""The world bundle on disk: its layout (every file name of a bundle, declared here once), its manifest, and
publishing it atomically under outputs/."""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import shutil
import stat
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from worldsmith.worlds.errors import BundleError, PlanError, PublishError
from worldsmith.worlds.plan import WorldPlan
from worldsmith.worlds.publish_guard import free_kept_folder, open_lock, refuse_links

# 2: the manifest seals its own metadata and the files derived after validation (world.duckdb, index.html,
# tasks.json); a version-1 manifest sealed neither.
BUNDLE_SCHEMA_VERSION = 2
ROOM = "room"
PLAN = "plan.json"
MANIFEST = "manifest.json"
VALIDATION = "validation.json"
DATABASE = "world.duckdb"
FAILURES = "failures.json"
REPORT_HTML = "report.html"      # the validation report as a page (worlds.html_report)
INDEX_HTML = "index.html"        # the room as a page (worldsmith.environments)
TASKS = "tasks.json"             # the tasks made from the world (worldsmith.environments)
MAILBOX_FOLDER = "Mailboxes"     # under room/: one .mbox per cast member
# Derived files that a reader can rebuild: not in `files`, whose list must be byte-identical for identical
# inputs (DuckDB's file layout is not byte-stable), but each sealed in `derived` when written: world.duckdb
# after the final load, index.html and tasks.json after the manifest, from the files it lists.
DERIVED = (DATABASE, INDEX_HTML, TASKS)
UNHASHED = {MANIFEST, DATABASE, DATABASE + ".wal", INDEX_HTML, TASKS}
# The temporary files a command writes beside a bundle's own file and renames over it (a store being built, a
# manifest or report being written: `<name>.tmp-<pid>-<8 hex>`, a store's with its write-ahead log). While
# another command runs they are there; they are that command's, never a file of the bundle.
_OWN_TEMPORARY = re.compile(r"(?:world\.duckdb|manifest\.json|validation\.json|report\.html|index\.html|"
                            r"tasks\.json)\.tmp-\d+-[0-9a-f]{8}(?:\.wal)?")
# What a world id may be (the planner makes `<slug>-<10 hex>`): one safe path component, as every command
# joins it to a folder.
WORLD_ID = re.compile(r"^[a-z0-9][a-z0-9._-]{0,199}$")
STAGING = ".staging"
QUARANTINE = "_quarantine"


class FileEntry(BaseModel):
    """A file of the bundle and its checksum."""

    model_config = ConfigDict(extra="forbid")
    path: str
    sha256: str
    bytes: int


class Manifest(BaseModel):
    """What a bundle is, how it was made, and what it holds."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = BUNDLE_SCHEMA_VERSION
    world_id: str
    title: str
    outline_file: str
    outline_sha256: str
    taxonomy: str
    taxonomy_version: str
    taxonomy_sha256: str
    seed: int
    backend: str
    model: str
    generator_version: str
    prompt_version: str | None = None
    packages: dict[str, str]
    counts: dict[str, int] = Field(description="artifacts per kind, plus files per extension")
    verdict: Literal["pass", "warn", "fail"]
    errors: int
    warnings: int
    usage: dict = Field(default_factory=dict, description="model calls, cache hits, retries, tokens")
    repairs: list[dict] = Field(default_factory=list, description="artifacts regenerated after failing a check")
    failures: list[dict] = Field(default_factory=list, description="artifacts that could not be made (see failures.json); "
                                 "substituted ones are labelled offline stand-ins")
    files: list[FileEntry]
    derived: list[FileEntry] = Field(default_factory=list, description="world.duckdb, index.html and tasks.json as "
                                     "last written by worldsmith: rebuilt from `files`, so outside their "
                                     "byte-identical list")
    seal: str = Field("", description="sha256 of this manifest's canonical JSON without `seal`: an edit of any "
                      "field (title, verdict, a file's checksum) without sealing again is refused")

    @field_validator("world_id")
    @classmethod
    def _safe_id(cls, value: str) -> str:
        if not WORLD_ID.match(value) or ".." in value:
            raise ValueError(f"world_id {value!r} is not a world id (lower-case letters, digits, '-', '.', '_')")
        return value


NOT_SEALABLE = "not sealable: it holds NaN or Infinity"


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_finite(v) for v in value)
    return True


def seal_of(manifest: Manifest) -> str:
    """The seal a manifest should carry: the sha256 of its canonical JSON (sorted keys, no spaces) without `seal`.

    A manifest holding NaN or Infinity gets NOT_SEALABLE, never a sha256, so it never matches: JSON would write
    NaN in a dict as null (two manifests, one seal), and a value not equal to itself proves nothing.
    """
    if not _finite(manifest.model_dump(exclude={"seal"})):
        return NOT_SEALABLE
    data = manifest.model_dump(mode="json", exclude={"seal"})
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_manifest(bundle: Path, manifest: Manifest, derived: list[FileEntry] | None = None) -> Manifest:
    """Seal a manifest (current schema version; `derived` default: the derived files as they are now) and write it
    atomically."""
    manifest = manifest.model_copy(update={"schema_version": BUNDLE_SCHEMA_VERSION,
                                           "derived": derived_entries(bundle) if derived is None else derived})
    manifest = manifest.model_copy(update={"seal": seal_of(manifest)})
    tmp = bundle / f"{MANIFEST}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    write_json(tmp, manifest)
    os.replace(tmp, bundle / MANIFEST)  # a reader sees the old manifest or the new one, never half of one
    return manifest


def derived_entries(bundle: Path, names: tuple[str, ...] = DERIVED) -> list[FileEntry]:
    """The derived files among `names` that a bundle has now, each with its checksum."""
    out = []
    for name in names:
        path = bundle / name
        if not os.path.lexists(path):
            continue
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode):
            raise BundleError(f"{path}: not a regular file (a link or a device); a world bundle holds only files")
        if info.st_nlink > 1:
            raise BundleError(hard_link_message(path, info.st_nlink))
        entry = FileEntry(path=name, sha256=sha256_file(path), bytes=os.lstat(path).st_size)
        if name == DATABASE:
            from worldsmith.worlds.store import trusted

            trusted.remember(entry.sha256)  # sealed here, so built here: opened as it is from now on
        out.append(entry)
    return out


def seal_derived(bundle: Path, names: tuple[str, ...]) -> Manifest | None:
    """Record the derived files `names` (just written by the caller) as they are now; None without a manifest.

    What `worldsmith tasks`, `index` and `validate` call after writing tasks.json, index.html or world.duckdb;
    the other derived entries stay as sealed. A manifest edited by hand is not sealed again here (that
    would launder the edit): BundleError.
    """
    if not (bundle / MANIFEST).is_file():
        return None
    with _sealing(bundle):  # read, update, write: two commands sealing at once lose neither's files
        manifest = read_manifest(bundle)
        if manifest.seal != seal_of(manifest):
            raise BundleError(f"{bundle / MANIFEST} was edited since it was sealed; check the world with "
                              f"`worldsmith validate {bundle}` (add --accept-edits if the edits are intended)")
        kept = [d for d in manifest.derived if d.path not in names]
        derived = sorted(kept + derived_entries(bundle, names), key=lambda d: d.path)
        return write_manifest(bundle, manifest, derived)


def _sealing(bundle: Path) -> contextlib.AbstractContextManager:
    """An exclusive lock on the bundle folder while its manifest is rewritten (no lock file: a bundle holds only
    its own files); the same lock a validation holds (worlds.validate), taken again by that validation's seal."""
    return folder_lock(bundle)


# (folder, thread) -> [descriptor, depth]: a thread that holds a folder's lock takes it again without waiting on
# itself (flock on a second descriptor of the same folder would block the process that holds the first forever).
_HELD: dict[tuple[str, int], list[int]] = {}
_HELD_GUARD = threading.Lock()


@contextlib.contextmanager
def folder_lock(folder: Path, wait_s: float | None = None, busy: str = "") -> Iterator[None]:
    """An exclusive flock on a bundle folder itself, re-entrant within a thread: without `wait_s` it waits as long
    as it takes; with it, it gives up after `wait_s` seconds with a BundleError saying `busy`."""
    import fcntl

    key = (os.path.realpath(folder), threading.get_ident())
    with _HELD_GUARD:
        held = _HELD.get(key)
        if held is not None:
            held[1] += 1
    if held is not None:
        try:
            yield
        finally:
            with _HELD_GUARD:
                held[1] -= 1
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise BundleError(f"{folder}: cannot be opened as a folder ({exc.strerror}); a world bundle is a folder "
                          "with manifest.json, plan.json and room/") from None
    try:
        if wait_s is None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        else:
            deadline = time.monotonic() + wait_s
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise BundleError(busy or f"{folder}: another command holds this bundle") from None
                    time.sleep(0.2)
        with _HELD_GUARD:
            _HELD[key] = [fd, 1]
        try:
            yield
        finally:
            with _HELD_GUARD:
                del _HELD[key]
    finally:
        os.close(fd)  # closing lets go of the lock


def hard_link_message(path: Path, names: int) -> str:
    """Why a file with more than one name is refused, and what to do."""
    return (f"{path}: a hard link (one file under {names} names, the others possibly outside the bundle); a world "
            "bundle holds only files of its own, so this one is refused. Copy the bundle without preserving hard "
            "links (cp -r, not cp -al), or regenerate the world, before opening it")


def is_utf8_name(name: str) -> bool:
    """Whether a name read from the file system is valid UTF-8 (Python hands other bytes over as lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def undecodable_name_message(path: Path) -> str:
    """Why a file whose name is not UTF-8 is refused, naming it with its undecodable bytes escaped (\\xff)."""
    shown = os.fsencode(path).decode("utf-8", "backslashreplace")
    return (f"{shown}: its name is not valid UTF-8; every name in a world bundle is (the store, the manifest and "
            "the apps name files by text), so this one is refused. Rename or remove it before opening the world")


def bundle_files(bundle: Path) -> list[str]:
    """Every file under a bundle folder, relative and sorted; BundleError for a link (symbolic or hard), device,
    FIFO or socket, or a name that is not valid UTF-8.

    Walked without following links: a room file swapped for a link (to a host file, or to an identical
    copy) is refused by name, never read through; so is a file with another name elsewhere (a hard link to a
    host file reads as that file, and a write to it writes there).
    """
    found: list[str] = []
    stack = [(Path(bundle), "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError as exc:
            raise BundleError(f"{folder}: cannot be listed ({exc.strerror}); a world bundle is a folder of "
                              "readable files") from None
        for entry in entries:
            rel = prefix + entry.name
            if not is_utf8_name(entry.name):
                raise BundleError(undecodable_name_message(Path(bundle) / rel))
            info = entry.stat(follow_symlinks=False)
            mode = info.st_mode
            if stat.S_ISDIR(mode):
                stack.append((Path(entry.path), rel + "/"))
            elif stat.S_ISREG(mode) and info.st_nlink > 1:
                raise BundleError(hard_link_message(Path(bundle) / rel, info.st_nlink))
            elif stat.S_ISREG(mode):
                if not (prefix == "" and _OWN_TEMPORARY.fullmatch(entry.name)):
                    found.append(rel)
            else:
                what = ("a symbolic link" if stat.S_ISLNK(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                        else "a socket" if stat.S_ISSOCK(mode) else "a device")
                raise BundleError(f"{Path(bundle) / rel}: {what}; a world bundle holds only regular files and "
                                  "folders, so this one is refused. Replace it with a copy of the file it stands "
                                  "for (or regenerate the world) before opening it")
    return sorted(found)


def sha256_file(path: Path) -> str:
    """The sha256 of a file's bytes."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def list_files(bundle: Path) -> list[FileEntry]:
    """Every hashed file of a bundle, sorted by path."""
    entries = []
    for rel in bundle_files(bundle):  # a link or a device is refused, never sealed
        if rel in UNHASHED:
            continue
        path = bundle / rel
        entries.append(FileEntry(path=rel, sha256=sha256_file(path), bytes=path.stat().st_size))
    return entries


def write_json(path: Path, model: BaseModel) -> None:
    """Write a model as stable, indented JSON."""
    path.write_text(model.model_dump_json(indent=2) + "\n", encoding="utf-8")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: str | bytes, where: object) -> Any:
    """JSON as a bundle may hold it; BundleError for bad JSON, NaN or Infinity (a value not equal to itself
    slips past any comparison), or nesting too deep to parse."""
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise BundleError(f"{where}: nested too deeply to be read as JSON; a world's files are never nested "
                          "like this, so it is refused (regenerate the world)") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError and the constants above
        raise BundleError(f"{where}: not valid JSON ({exc}); regenerate the world") from None


def _regular_bytes(path: Path) -> bytes:
    """A file's bytes, opened without blocking and refused unless it is a regular file: a FIFO or a device named
    like a bundle's JSON would hang the reader (`generate --force` reading the world it replaces) or never end."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BundleError(f"{path}: not a regular file (a FIFO or a device); a world bundle holds only files")
        return f.read()


def read_model(path: Path, model: type[BaseModel]) -> Any:
    """A JSON file of a bundle read as `model`: BundleError for bad or hostile JSON or a value the model refuses;
    FileNotFoundError when it is missing."""
    raw = _regular_bytes(path)
    parse_json(raw, path)  # the strict parse first: pydantic would take NaN and Infinity as floats
    try:
        return model.model_validate_json(raw)
    except ValueError as exc:
        raise BundleError(f"{path} is not a valid {model.__name__}: {exc}") from None


def _read(bundle: Path, name: str, model: type[BaseModel], missing: str) -> BaseModel:
    try:
        return read_model(bundle / name, model)
    except FileNotFoundError:
        raise BundleError(missing) from None


def read_plan(bundle: Path) -> WorldPlan:
    """The plan of a bundle; PlanError unless its ledger is one worldsmith writes (worlds.ledger.check_ledger).

    A bundle may come from anyone, and anyone can seal one again: its facts are checked here, once, so that
    nothing that reads the plan (tasks, exports, pages, validation) computes with a formula or value that fails.
    """
    from worldsmith.worlds.ledger import LedgerError, check_ledger

    plan = _read(bundle, PLAN, WorldPlan, f"{bundle} is not a world bundle: no {PLAN}")
    try:
        check_ledger(plan.facts, plan.distractors)
    except LedgerError as exc:
        raise PlanError(f"{bundle / PLAN}: the plan is not a valid ledger: {exc}; regenerate the world") from None
    return plan


def read_manifest(bundle: Path) -> Manifest:
    """The manifest of a bundle."""
    return _read(bundle, MANIFEST, Manifest, f"{bundle} has no {MANIFEST}")


def new_staging(out: Path, world_id: str) -> Path:
    """A fresh, private folder to build a world in, next to where it will be published.

    Staging folders of earlier runs (of any world) whose process is gone (killed, crashed) are
    removed first: their finished model calls live on in the response cache, not here. A link where a
    publish would read, write or move (publish_guard) is refused first, before any work is done.
    """
    refuse_links(out, world_id)
    root = out / STAGING
    try:
        # Any world's staging, not only this one's: a killed run of another outline leaves debris too.
        # Another publisher may remove the emptied root at any moment: then there is nothing stale.
        entries = list(root.iterdir())
    except (FileNotFoundError, NotADirectoryError):
        entries = []
    if entries:
        for stale in entries:
            pid = stale.name.rsplit("-", 2)[-2] if stale.name.count("-") >= 2 else ""
            if pid.isdigit() and int(pid) != os.getpid() and not process_alive(int(pid)):
                shutil.rmtree(stale, ignore_errors=True)
    path = root / f"{world_id}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    for attempt in range(5):
        try:
            path.mkdir(parents=True)
            return path
        except (FileNotFoundError, FileExistsError):
            # the root was removed between making it and making this folder in it; or another publisher made the
            # root and a third removed it again before pathlib saw it was a folder (FileExistsError on '.staging'
            # itself, seen once in the suite's two-publishers test)
            if attempt == 4:
                raise
    raise AssertionError("unreachable")  # the loop returns or raises


def process_alive(pid: int) -> bool:
    """Whether a process with this id exists (one owned by another user counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


PUBLISH_LOCK = ".publish.lock"
KEPT = "_kept"
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two directories in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    AT_FDCWD = -100
    return fn(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def _user_files(target: Path) -> list[str]:
    """Files in a published world that its manifest does not list: what a user added there."""
    try:
        listed = {f.path for f in read_manifest(target).files}
    except BundleError:
        listed = set()
    derived = UNHASHED | {VALIDATION, "report.html", FAILURES}
    return sorted(rel for p in target.rglob("*") if p.is_file()
                  for rel in [p.relative_to(target).as_posix()] if rel not in listed and rel not in derived
                  and not rel.startswith(DATABASE))


def publish(staging: Path, out: Path, world_id: str, *, quarantine: bool = False, force: bool = False,
            kept: list[str] | None = None) -> Path:
    """Move a finished staging folder to out/<world_id> (or out/_quarantine/<world_id>), exclusively and atomically.

    Publishers of one `out` queue on a lock. A world already published there is replaced only with
    `force`; files a user added to it are moved to out/_kept/<world_id>-<n>/, never deleted, and
    their new paths appended to `kept`. Replacing swaps the two folders in one step, so a reader
    polling the path always finds a whole world, old or new.
    """
    import fcntl

    refuse_links(out, world_id)  # never move files out of, or into, a folder through a link
    target_parent = out / QUARANTINE if quarantine else out
    target_parent.mkdir(parents=True, exist_ok=True)
    target = target_parent / world_id
    try:
        with os.fdopen(open_lock(out / PUBLISH_LOCK), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                return _publish_locked(staging, out, target, world_id, quarantine, force, kept)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
    except PublishError:
        raise
    except OSError as exc:
        raise PublishError(f"could not publish {world_id} to {target}: {exc}; the world is still in {staging}") from exc


def _publish_locked(staging: Path, out: Path, target: Path, world_id: str, quarantine: bool, force: bool,
                    kept: list[str] | None) -> Path:
    if not target.exists():
        os.rename(staging, target)
        _tidy_staging(out)
        return target
    added = [] if quarantine else _user_files(target)
    if not quarantine and not force:
        extra = f"; it holds {len(added)} file(s) not part of the world (e.g. {added[0]})" if added else ""
        raise PublishError(f"{target} is already published{extra}. Pass --force to replace it "
                           f"(files you added there are kept in {out / KEPT}), or choose another --out.")
    if added:
        keep = free_kept_folder(out, world_id)
        for rel in added:
            (keep / rel).parent.mkdir(parents=True, exist_ok=True)
            os.rename(target / rel, keep / rel)
        if kept is not None:
            kept.extend(str(keep / rel) for rel in added)
    if _exchange(staging, target):
        shutil.rmtree(staging, ignore_errors=True)  # now the previous world
    else:
        # Two renames: a reader may find the path missing between them on filesystems without exchange.
        old = out / STAGING / f"replaced-{world_id}-{uuid.uuid4().hex[:8]}"
        os.rename(target, old)
        try:
            os.rename(staging, target)
        except OSError:
            os.rename(old, target)
            raise
        shutil.rmtree(old, ignore_errors=True)
    _tidy_staging(out)
    return target


def discard(staging: Path) -> None:
    """Remove a staging folder after a failed run."""
    shutil.rmtree(staging, ignore_errors=True)
    _tidy_staging(staging.parent.parent)


def _tidy_staging(out: Path) -> None:
    try:
        (out / STAGING).rmdir()
    except OSError:
        pass


def reseal(bundle: Path, report: Any) -> Manifest:
    """Write a published world's manifest again over its files as they are now, with the verdict of `report`.

    For edits the user says are intended (`worldsmith validate --accept-edits`); the catalog row of a
    world published in a catalogued folder is brought up to date too, only when the bundle is that folder,
    out/<world_id> (is_catalogued_folder): a copy of it elsewhere in out/ leaves the row as it is.
    """
    with _sealing(bundle):
        manifest = read_manifest(bundle)
        files = list_files(bundle)
        counts = {k: v for k, v in manifest.counts.items() if not k.startswith(".")}
        for f in files:
            if f.path.startswith(ROOM + "/"):
                ext = Path(f.path).suffix
                counts[ext] = counts.get(ext, 0) + 1
        manifest = manifest.model_copy(update={"files": files, "counts": counts, "verdict": report.verdict,
                                               "errors": report.errors, "warnings": report.warnings})
        manifest = write_manifest(bundle, manifest)
    if is_catalogued_folder(bundle, manifest.world_id):
        append_catalog(Path(os.path.abspath(bundle)).parent, manifest, Path(os.path.abspath(bundle)))
    return manifest


def is_catalogued_folder(bundle: Path, world_id: str) -> bool:
    """Whether a bundle is the folder its outputs folder's catalog names for its world id: out/<world_id> itself.

    A copy under another name (or a link) is not: re-sealing it must not repoint the world's catalog row at it,
    or `worlds show` would hand out the copy while `worlds rm` deletes the real out/<world_id>."""
    path = Path(os.path.abspath(bundle))  # '.' and 'x/' named as the folder they are; links not followed
    return (path.name == world_id and not path.is_symlink() and path.is_dir()
            and (path.parent / "catalog.duckdb").is_file()
            and os.path.realpath(path) == os.path.join(os.path.realpath(path.parent), world_id))


def append_catalog(out: Path, manifest: Manifest, path: Path) -> None:
    """Record a published world in out/catalog.duckdb (one row per world id, replaced on republishing)."""
    from worldsmith.worlds.catalog import record_world

    plan = read_plan(path)
    record_world(out, manifest, path, [p.occupation for p in plan.people])
