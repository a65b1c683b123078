"""Realism tables of a loaded world: the shipped real-entity list and the profile comparison, for the SQL checks."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import duckdb

from worldsmith.worlds.bundle import DATABASE, VALIDATION
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.profile import MetricComparison, Profile, compare, load_profile, profile_of_connection
from worldsmith.worlds.report import ValidationReport

REAL_ENTITIES = Path(__file__).with_name("data") / "real_entities.txt"
# The order compare() gives, so a report lists metrics the same way every time.
METRIC_ORDER = ["send_hour", "send_weekday", "recipients_hist", "new_words_hist", "body_words_hist",
                "document_words_hist", "reply_share", "forward_share", "cc_share", "recipients_mean",
                "new_words_median", "body_words_median", "thread_depth_mean", "document_words_median",
                "sheet_rows_median", "sheet_cols_median"]


@dataclass(frozen=True)
class Realism:
    """What prepare_store measured: the world's profile, the reference, and the comparison."""

    world: Profile
    reference: Profile
    metrics: list[MetricComparison]


def real_entities(path: Path | None = None) -> list[str]:
    """The names of the shipped list (or another file of the same format): one per line, # comments."""
    text = Path(path or REAL_ENTITIES).read_text(encoding="utf-8")
    names = (line.strip() for line in text.splitlines())
    return sorted({n for n in names if n and not n.startswith("#")})


def prepare_store(db_path: str | Path, profile: str | Path | Profile | None = None) -> Realism:
    """Fill real_entities and profile_metrics of a loaded world.duckdb (reference: `profile`, default the shipped one)."""
    reference = profile if isinstance(profile, Profile) else load_profile(profile)
    con = duckdb.connect(str(db_path))
    try:
        con.execute("delete from real_entities")
        names = real_entities()
        if names:
            con.execute("insert into real_entities select n, entity_key(n) from unnest($1::varchar[]) t(n)", [names])
        world = profile_of_connection(con)
        metrics = compare(world, reference)
        con.execute("delete from profile_metrics")
        for m in metrics:
            con.execute("insert into profile_metrics values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [m.metric, m.kind, m.world_value, m.reference_value, m.divergence, m.tolerance, m.ok,
                         m.note, reference.source])
        con.execute("checkpoint")
    finally:
        con.close()
    return Realism(world=world, reference=reference, metrics=metrics)


def stored_metrics(db_path: str | Path) -> tuple[str, list[MetricComparison]]:
    """(reference source, metrics) as the last validation wrote them into profile_metrics."""
    from worldsmith.worlds.store.sandbox import open_store

    con = open_store(Path(db_path))  # the bundle's store, another's file maybe: sandboxed, StoreError if it holds code
    try:
        return _metrics(con)
    finally:
        con.close()


def _metrics(con: duckdb.DuckDBPyConnection) -> tuple[str, list[MetricComparison]]:
    try:
        rows = con.execute("select metric, kind, world_value, reference_value, divergence, tolerance, ok, note,"
                           " reference from profile_metrics").fetchall()
    except duckdb.Error:
        rows = []  # a store from before the realism checks: nothing measured yet
    order = {name: i for i, name in enumerate(METRIC_ORDER)}
    metrics = [MetricComparison(metric=r[0], kind=r[1], world_value=r[2], reference_value=r[3], divergence=r[4],
                                tolerance=r[5], ok=r[6], note=r[7]) for r in rows]
    metrics.sort(key=lambda m: (order.get(m.metric, len(order)), m.metric))
    return (rows[0][8] if rows else ""), metrics


def read_validated(bundle: str | Path) -> tuple[ValidationReport, str, list[MetricComparison]]:
    """(report, reference source, profile metrics) of a bundle as its last validation left them.

    A published world (it has a manifest) is opened as `open` and `serve` open it: links refused, seal,
    checksums and verdict checked, and metrics read only from a store this machine built for it (a store
    rebuilt from the room has none: `worldsmith validate` measures them). A folder without a manifest was
    validated here but never published: its validation.json and store are read as they are, the store sandboxed.
    """
    from worldsmith.worlds.bundle import MANIFEST, bundle_files, read_model

    bundle = Path(bundle)
    files = bundle_files(bundle)  # a link, FIFO or device in the bundle is refused before any file of it is read
    if MANIFEST in files:
        from worldsmith.worlds.world import open_world

        with open_world(bundle) as world:
            if world.validation is None:
                raise BundleError(f"{bundle}: no validation.json; run `worldsmith validate {bundle}` first")
            reference, metrics = _metrics(world.db)
            return world.validation, reference, metrics
    path = bundle / VALIDATION
    if not path.is_file():
        raise BundleError(f"{bundle}: no validation.json; run `worldsmith validate {bundle}` first")
    report = read_model(path, ValidationReport)  # bad JSON, NaN or deep nesting: BundleError
    reference, metrics = stored_metrics(bundle / DATABASE) if DATABASE in files else ("", [])
    return report, reference, metrics


def shared_cast(a, b) -> list[str]:
    """What two worlds' casts share (WorldPlans): a person's name, a phone number or an address's local part, each
    as a line naming it. Two outlines at the same seed should share nothing: the cast is seeded by the world's
    identity (generators.cast.world_key)."""
    found = []
    for what, key in (("name", lambda p: p.name), ("phone", lambda p: p.phone),
                      ("address", lambda p: p.email.split("@")[0])):
        theirs = {key(p): p for p in b.people}
        found += [f"{what} {key(p)!r}: {p.id} of {a.world_id} and {theirs[key(p)].id} of {b.world_id}"
                  for p in a.people if key(p) in theirs]
    return found
