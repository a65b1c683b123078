"""What an edit to an outline makes stale: the artifacts whose inputs changed between two plans.

An artifact's inputs are what its generation call sees (see `build_context`): the world's brief and
cast, its own spec (dates, people, and for a sheet the numbers the engine laid out from the facts
its formulas read), the ledger records of the facts it carries (so a fact computed by a formula
changes with its inputs), the labels of its thread, and the content of the artifacts it depends on
(a reply's parent, a memo's cited sheets). Generation is deterministic and the response cache is
keyed by the request, so exactly these artifacts are generated again after the edit; the others
come back from the cache with the same bytes. The same taxonomy, seed and model are assumed.
"""

from __future__ import annotations

import hashlib
import json

from worldsmith.generators.context import thread_labels
from worldsmith.worlds import kinds
from worldsmith.worlds.plan import ArtifactSpec, WorldPlan


def _brief(plan: WorldPlan) -> dict:
    """What every artifact of a world sees: its title, summary, locale, window and cast."""
    return {"title": plan.title, "summary": plan.summary, "locale": plan.locale, "start": str(plan.window_start),
            "people": [p.model_dump(mode="json") for p in plan.people],
            "organisations": [o.model_dump(mode="json") for o in plan.organisations]}


def own_inputs(plan: WorldPlan, spec: ArtifactSpec) -> str:
    """A digest of one artifact's own inputs, leaving out the content of the artifacts it depends on."""
    distractor = plan.distractor_of(spec)
    facts = []
    for fid in spec.facts:
        record = plan.fact(fid).model_dump(mode="json")
        if distractor is not None and distractor.fact == fid:
            # A labelled wrong value: the artifact carries the distractor's value, not the fact's.
            record = {"statement": record["statement"], "label": record["label"],
                      "distractor": distractor.model_dump(mode="json")}
        facts.append({**record, "establish": spec.id in plan.establishing(fid)})
    thread = getattr(spec, "thread", None)
    inputs = {"brief": _brief(plan), "spec": spec.model_dump(mode="json"), "facts": facts,
              "thread_labels": thread_labels(plan, thread) if thread else []}
    return hashlib.sha256(json.dumps(inputs, sort_keys=True, default=str).encode()).hexdigest()


def stale_artifacts(old: WorldPlan, new: WorldPlan) -> list[str]:
    """The ids of `new`'s artifacts that must be generated again after `old`: their inputs changed, an
    artifact they depend on is stale, or they are new. In the new plan's order."""
    before = {a.id: own_inputs(old, a) for a in old.artifacts}
    stale = {a.id for a in new.artifacts if before.get(a.id) != own_inputs(new, a)}
    # Dependencies are planned before their dependants (a parent before its reply, a sheet before the
    # memo citing it), but walk to a fixed point rather than rely on it.
    changed = True
    while changed:
        changed = False
        for spec in new.artifacts:
            if spec.id in stale:
                continue
            if any(d in stale for d in kinds.of(spec).dependencies(spec)):
                stale.add(spec.id)
                changed = True
    return [a.id for a in new.artifacts if a.id in stale]


def changed_artifacts(old: WorldPlan, new: WorldPlan) -> list[str]:
    """The stale artifacts, and those whose files carry a changed artifact's bytes (a message attaching a memo
    that changed): these are rendered again with their answer from the cache. Every other file keeps its bytes."""
    changed = set(stale_artifacts(old, new))
    grew = True
    while grew:
        grew = False
        for spec in new.artifacts:
            if spec.id not in changed and any(r in changed for r in kinds.of(spec).render_reads(spec)):
                changed.add(spec.id)
                grew = True
    return [a.id for a in new.artifacts if a.id in changed]
