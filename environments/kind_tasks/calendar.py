"""The calendar kind's task family: briefs for its meetings (environments.brief_tasks), after the review and sheet tasks."""

from __future__ import annotations

from worldsmith.environments.tasks import Task


def own_tasks(graph) -> list[Task | None]:
    """Briefs for the calendar's meetings, each at its own state of the matter (brief_tasks.brief_tasks)."""
    from worldsmith.environments.brief_tasks import brief_tasks  # it builds on graph_tasks' makers

    return brief_tasks(graph)
