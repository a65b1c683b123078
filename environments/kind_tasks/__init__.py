"""The task families of the kinds that have one: environments/kind_tasks/<kind>.py, found by the kind's registered name.

A task family builds tasks (worldsmith.environments.tasks), which a kind's folder under generators/ may not import:
so a kind whose files ask tasks of their own keeps them here, in a module named as the kind is registered, and the
core task makers (tasks.warmup_tasks, graph_tasks.graph_tasks) loop over the registered kinds and call the hooks a
family defines, in registration order:

    pair_tasks(graph, pairs, user)   deliverables on the exceedance pairs, after the reply and the memo (chat: a post)
    own_tasks(graph)                 tasks of the kind's own files, after the review and sheet tasks (calendar: briefs)
    warmup_tasks(world, user, money) one-file warm-ups on the ledger's amounts the room carries (chat: a post)
    relays(graph, fact, titles)      the files that give a figure only as one of these papers' (chat: a day that reads
                                     the paper aloud), no source of it for primary_cover
    aside(session, task, sentence)   the attack suite's word beside a deliverable, said through the kind's app
                                     (chat: a post in the task's channel, else one the user is in); True when said

A kind without such a module has no task family; adding one touches no core file.
"""

from __future__ import annotations

import functools
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from worldsmith.worlds import kinds


def family(kind: str) -> ModuleType | None:
    """The task family of a registered kind (environments/kind_tasks/<kind>.py), or None when it has none."""
    name = f"{__name__}.{kind}"
    return import_module(name) if kind.isidentifier() and find_spec(name) is not None else None


def families(hook: str) -> list[ModuleType]:
    """The registered kinds' task families that define `hook`, in registration order."""
    return list(_families(hook, tuple(k.name for k in kinds.kinds())))


@functools.lru_cache(maxsize=64)
def _families(hook: str, names: tuple[str, ...]) -> tuple[ModuleType, ...]:
    # (looked up once per hook and registry: the core asks for them per figure and per task, each a module search)
    return tuple(f for name in names if (f := family(name)) is not None and hasattr(f, hook))
