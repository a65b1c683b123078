"""The stages of making a world as plain functions: what the Prefect flow wraps, testable without it."""

from __future__ import annotations

import asyncio
import json
import resource
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from worldsmith.generators.backends.base import Backend, closing
from worldsmith.generators.engine import ArtifactFailure, Generation, Policy, Progress, generate_contents, generate_isolated
from worldsmith.generators.expansion import ExpansionProposal, accept_proposals, expansion_context
from worldsmith.generators.planner import PLANNER_VERSION, plan_world, world_id
from worldsmith.generators.render import render_world
from worldsmith.generators.render.world import with_dependents
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast, taxonomy_sha256
from worldsmith.worlds import bundle, kinds
from worldsmith.worlds.content import Content
from worldsmith.worlds.outline import Outline, load_outline
from worldsmith.worlds.plan import WorldPlan
from worldsmith.worlds.report import ValidationReport
from worldsmith.worlds.taxonomy import Taxonomy
from worldsmith.worlds.store.load import ParseMemo
from worldsmith.worlds.validate import validate_bundle

GENERATOR_VERSION = f"planner-{PLANNER_VERSION}"
_PACKAGES = ("worldsmith", "prefect", "openai", "faker", "duckdb", "pydantic", "python-docx", "openpyxl")


class Prepared(BaseModel):
    """An outline checked against the taxonomy, with the id its world will have."""

    model_config = {"arbitrary_types_allowed": True}
    outline: Outline
    taxonomy: Taxonomy
    taxonomy_sha256: str
    world_id: str
    seed: int


class Published(BaseModel):
    """Where a world went and what its checks said."""

    world_id: str
    path: str
    quarantined: bool
    verdict: str
    errors: int
    warnings: int
    counts: dict[str, int]
    seconds: float
    usage: dict = {}
    repairs: list[dict] = []
    refused_proposals: list[str] = []
    failures: list[dict] = []
    kept: list[str] = []
    stages: dict[str, float] = {}  # wall seconds of each stage (plan, generate, render, ...), repairs summed
    stage_cpu: dict[str, float] = {}  # CPU seconds of each stage, this process and its reaped workers together


class Stopwatch:
    """Wall and CPU seconds per named stage, summed over repeats: `with clock("render"): ...`.

    CPU is this process's and its reaped children's (the forked render and parse workers): on a machine
    shared with other jobs the wall time says how busy the machine was, the CPU time what the stage cost.
    """

    def __init__(self) -> None:
        self._seconds: dict[str, float] = {}
        self._cpu: dict[str, float] = {}

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        started, cpu = time.perf_counter(), _cpu_seconds()
        try:
            yield
        finally:
            self._seconds[stage] = self._seconds.get(stage, 0.0) + time.perf_counter() - started
            self._cpu[stage] = self._cpu.get(stage, 0.0) + _cpu_seconds() - cpu

    def seconds(self) -> dict[str, float]:
        """Each stage's wall seconds, rounded to the hundredth, in the order the stages first ran."""
        return {k: round(v, 2) for k, v in self._seconds.items()}

    def cpu(self) -> dict[str, float]:
        """Each stage's CPU seconds (this process and its reaped workers), rounded to the hundredth."""
        return {k: round(v, 2) for k, v in self._cpu.items()}


def _cpu_seconds() -> float:
    """CPU seconds used so far by this process and by the children it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def prepare(outline_path: str | Path, seed: int, backend: Backend, expand: int = 0,
            taxonomy_path: str | Path | None = None) -> Prepared:
    """Read the outline, resolve its roles, and derive the world id from every input that shapes the world."""
    outline = load_outline(outline_path)
    where = Path(taxonomy_path) if taxonomy_path else None
    taxonomy = load_taxonomy(where)
    resolve_cast(outline, taxonomy)
    tax_sha = taxonomy_sha256(where)
    fingerprint = {
        "outline": outline.sha256(), "taxonomy": tax_sha, "seed": seed,
        "backend": backend.name, "model": backend.model, "generator": GENERATOR_VERSION,
        "prompts": getattr(backend, "prompt_version", None), "expand": expand,
    }
    return Prepared(outline=outline, taxonomy=taxonomy, taxonomy_sha256=tax_sha,
                    world_id=world_id(outline.title, fingerprint), seed=seed)


class Expansion(BaseModel):
    """What a model's expansion of the outline added, and what was refused."""

    accepted: list[tuple[str, Any]] = []
    refused: list[str] = []


def expand(prepared: Prepared, backend: Backend, budget: int) -> Expansion:
    """Ask the backend for up to `budget` further items; keep only those consistent with the outline."""
    if budget <= 0:
        return Expansion()
    occupations = resolve_cast(prepared.outline, prepared.taxonomy)
    context = expansion_context(prepared.outline, occupations, budget, prepared.seed)
    proposal = asyncio.run(closing(backend, backend.generate(context, ExpansionProposal)))
    accepted, refused = accept_proposals(prepared.outline, proposal, budget)
    return Expansion(accepted=accepted, refused=refused)


def make_plan(prepared: Prepared, expansion: Expansion | None = None) -> WorldPlan:
    """The world's plan, with the accepted expansion items."""
    occupations = resolve_cast(prepared.outline, prepared.taxonomy)
    extra = expansion.accepted if expansion else []
    return plan_world(prepared.outline, occupations, prepared.seed, prepared.world_id, extra=extra)


def generate(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, concurrency: int = 16,
             on_done: Progress | None = None) -> dict[str, Content]:
    """Every artifact's content."""
    return asyncio.run(generate_contents(plan, taxonomy, backend, concurrency=concurrency, on_done=on_done))


def generate_all(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, concurrency: int = 16,
                 on_done: Progress | None = None, policy: Policy = "quarantine") -> Generation:
    """Every artifact's content that can be made, and a record of each that could not (see `generate_isolated`)."""
    return asyncio.run(generate_isolated(plan, taxonomy, backend, concurrency=concurrency, on_done=on_done,
                                         policy=policy))


def render_isolated(plan: WorldPlan, contents: dict[str, Content], staging: Path,
                    only: set[str] | None = None) -> list[ArtifactFailure]:
    """Render like `render`, but an artifact whose renderer fails is left out and returned as a failure.

    With `only`, the room stays and just those artifacts, those whose rendering reads them (replies
    quoting a repaired message) and the kind-wide files of their kinds are written again.
    """
    failures: list[ArtifactFailure] = []

    def note(spec, exc: Exception) -> None:
        # a message whose attached file was not made cannot attach it: blocked by that file, as a reply is by its
        # parent, not a renderer's KeyError with no request of its own (test_failure_policy at a new prompt version)
        reads = getattr(kinds.of(spec), "render_reads", None)
        missing = next((a for a in (reads(spec) if reads else []) if a not in contents), None)
        if missing is not None:
            failures.append(ArtifactFailure(id=spec.id, path=spec.path, kind=spec.kind, stage="render",
                                            blocked_by=missing, error=f"not made: it needs "
                                            f"{plan.artifact(missing).path}, which failed"))
            return
        failures.append(ArtifactFailure(id=spec.id, path=spec.path, kind=spec.kind, stage="render",
                                        error=f"{type(exc).__name__}: {exc}"[:500]))

    room = staging / bundle.ROOM
    if only is not None and room.is_dir():
        render_world(plan, contents, room, on_failure=note, only=with_dependents(plan, only))
        return failures
    bundle.write_json(staging / bundle.PLAN, plan)
    if room.exists():
        shutil.rmtree(room)
    room.mkdir(parents=True)  # a room, even an empty one, so that validation reports what is missing
    render_world(plan, contents, room, on_failure=note)
    return failures


def substitute(plan: WorldPlan, taxonomy: Taxonomy, contents: dict[str, Content],
               failures: list[ArtifactFailure]) -> tuple[dict[str, Content], list[ArtifactFailure]]:
    """Offline stand-ins for artifacts that failed to render; each failure is marked substituted."""
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.generators.registry import CONTENT_TYPES

    offline, contents, marked = OfflineBackend(), dict(contents), []
    for failure in failures:
        if failure.stage == "render" and not failure.substituted:
            spec = plan.artifact(failure.id)
            context = build_context(plan, taxonomy, spec, contents)
            contents[spec.id] = asyncio.run(offline.generate(context, CONTENT_TYPES[spec.kind]))
            failure = failure.model_copy(update={"substituted": True})
        marked.append(failure)
    return contents, marked


def stand_ins(plan: WorldPlan, taxonomy: Taxonomy, contents: dict[str, Content],
              targets: dict[str, list[str]]) -> tuple[dict[str, Content], list[ArtifactFailure]]:
    """Offline stand-ins for artifacts the repair rounds could not fix, each recorded as a substituted failure."""
    failures = [ArtifactFailure(id=aid, path=plan.artifact(aid).path, kind=plan.artifact(aid).kind, stage="check",
                                error="; ".join(notes)[:500]) for aid, notes in sorted(targets.items())]
    for f in failures:
        contents.pop(f.id, None)  # substitute writes the stand-in from the plan alone
    stand = [f.model_copy(update={"stage": "render"}) for f in failures]
    contents, marked = substitute(plan, taxonomy, contents, stand)
    return contents, [m.model_copy(update={"stage": "check"}) for m in marked]


def repair_targets(plan: WorldPlan, report: ValidationReport) -> dict[str, list[str]]:
    """The artifacts an error check named, each with what was found wrong with it."""
    ids = {a.id for a in plan.artifacts}
    targets: dict[str, list[str]] = {}
    for check in report.checks:
        if check.severity != "error" or not check.count:
            continue
        for row in check.rows:
            if row.artifact_id in ids:
                targets.setdefault(row.artifact_id, []).append(f"{check.id}: {row.detail}")
    return targets


def regenerate(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, contents: dict[str, Content],
               targets: dict[str, list[str]], round_: int, concurrency: int = 16) -> dict[str, Content]:
    """Make the failing artifacts again, with the failures in their prompts."""
    # A repair that fails keeps the artifact's earlier content: the repair record says it was not fixed.
    made = asyncio.run(generate_isolated(plan, taxonomy, backend, concurrency=concurrency, existing=contents,
                                         repair=targets, round_=round_, policy="quarantine"))
    return made.contents


def render(plan: WorldPlan, contents: dict[str, Content], staging: Path) -> list[Path]:
    """Write the plan and the data room into the staging folder (a fresh room each time)."""
    bundle.write_json(staging / bundle.PLAN, plan)
    room = staging / bundle.ROOM
    if room.exists():
        shutil.rmtree(room)
    return render_world(plan, contents, room)


def validate(staging: Path, profile: str | None = None, memo: ParseMemo | None = None) -> ValidationReport:
    """Load the rendered files back into DuckDB and run the checks (realism against `profile`, default the shipped one).

    Pass the same `memo` to every validation of one world: files no repair rewrote are not parsed again.
    """
    return validate_bundle(staging, Path(profile) if profile else None, memo=memo)


def _versions() -> dict[str, str]:
    out = {}
    for name in _PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def usage_of(backend: Backend) -> dict:
    """The backend's accounting for the manifest (empty for the offline composer)."""
    usage = getattr(backend, "usage", None)
    return usage.to_manifest() if usage is not None else {}


def write_failures(staging: Path, failures: list[ArtifactFailure], policy: str) -> None:
    """failures.json: each artifact that could not be made, its last error and request id, and what to do next."""
    if not failures:
        return
    open_ = [f for f in failures if not f.substituted]
    if open_:
        advice = (f"{len(open_)} artifact(s) could not be made. Run the same command again: every other answer is "
                  "in the response cache, so only these are asked again. If the same ones keep failing, look at "
                  "their errors (quote the request id to the server's operator), or rerun with "
                  "--on-artifact-failure offline to publish with labelled offline stand-ins.")
    else:
        advice = (f"{len(failures)} artifact(s) are offline stand-ins (policy {policy}); rerun without "
                  "--on-artifact-failure offline, or with it, to ask the model for them again.")
    (staging / bundle.FAILURES).write_text(
        json.dumps({"policy": policy, "advice": advice, "failures": [f.model_dump() for f in failures]},
                   indent=2, sort_keys=True) + "\n", encoding="utf-8")


def write_manifest(prepared: Prepared, plan: WorldPlan, report: ValidationReport, staging: Path,
                   backend: Backend, usage: dict | None = None, repairs: list[dict] | None = None,
                   failures: list[ArtifactFailure] | None = None) -> bundle.Manifest:
    """Hash every file and write manifest.json: the last file written before publishing."""
    counts = dict(Counter(a.kind for a in plan.artifacts))
    files = bundle.list_files(staging)
    for ext, n in sorted(Counter(Path(f.path).suffix for f in files if f.path.startswith(bundle.ROOM + "/")).items()):
        counts[ext] = n
    manifest = bundle.Manifest(
        world_id=plan.world_id, title=plan.title, outline_file=Path(prepared.outline.source_file).name,
        outline_sha256=prepared.outline.sha256(), taxonomy=prepared.taxonomy.name,
        taxonomy_version=prepared.taxonomy.version, taxonomy_sha256=prepared.taxonomy_sha256, seed=plan.seed,
        backend=backend.name, model=backend.model, generator_version=GENERATOR_VERSION,
        prompt_version=getattr(backend, "prompt_version", None), packages=_versions(),
        counts=counts, verdict=report.verdict, errors=report.errors, warnings=report.warnings,
        usage=usage or {}, repairs=repairs or [], failures=[f.model_dump() for f in failures or []], files=files,
    )
    return bundle.write_manifest(staging, manifest)  # sealed, with world.duckdb's checksum


def publish(manifest: bundle.Manifest, staging: Path, out: Path, started: float,
            refused: list[str] | None = None, force: bool = False) -> Published:
    """Move the world into outputs/ (or quarantine when a check failed or an artifact is missing) and catalog it."""
    failed = manifest.verdict == "fail" or any(not f.get("substituted") for f in manifest.failures)
    kept: list[str] = []
    path = bundle.publish(staging, out, manifest.world_id, quarantine=failed, force=force, kept=kept)
    if not failed:
        bundle.append_catalog(out, manifest, path)
    return Published(world_id=manifest.world_id, path=str(path), quarantined=failed, verdict=manifest.verdict,
                     errors=manifest.errors, warnings=manifest.warnings,
                     counts={k: v for k, v in manifest.counts.items() if not k.startswith(".")},
                     seconds=round(time.perf_counter() - started, 2), usage=manifest.usage,
                     repairs=manifest.repairs, refused_proposals=refused or [], failures=manifest.failures,
                     kept=kept)
