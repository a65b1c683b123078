"""Section bodies with substance, per genre: written from the ledger's facts (value, statement, how a figure is
derived and where it can be read), the item's title and the sides of the plan, where the stock frames of genres.py
only name labels. A memo states its question, short answer, analysis and recommendation over the facts; minutes
record who said what and what was decided. A section this module has nothing for falls back to the frames.

One module per genre (memo, minutes, report, letters, pleading, agreement, deal papers, plans and certificates) over
common.py, the facts as a professional writes them; `bodies` dispatches a genre's sections, and document.py calls the
genres that rework their plan (an agreement's cited clause, a certificate's headings) directly.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import client_of, engaged_by
from worldsmith.generators.compose.substance.agreement import agreement_bodies, executed_on, party_roles, \
    sectioned_bodies
from worldsmith.generators.compose.substance.articles import is_sectioned
from worldsmith.generators.compose.substance.common import chair, main_fact, meeting_day, pointed_once, said_once, \
    topic
from worldsmith.generators.compose.substance.determination import determination_bodies, is_determination
from worldsmith.generators.compose.substance.deal import ic_memo_bodies, term_sheet_bodies
from worldsmith.generators.compose.substance.letters import (audit_engagement, authority_issued, authority_letter,
                                                            client_letter_bodies,
                                                            engagement_plan, letter_bodies, reserves_nothing)
from worldsmith.generators.compose.substance.boardpaper import board_options, board_purpose, board_resolution, \
    put_to_a_body
from worldsmith.generators.compose.substance.boardpaper import proposed as board_proposed
from worldsmith.generators.compose.substance.method import evidence_lines, method_lines, paper_summary, summarised_paper
from worldsmith.generators.compose.substance.memo import (audit_report, memo_analysis, memo_answer, memo_background,
                                                          memo_next_steps, memo_options, memo_question,
                                                          memo_recommendation, memo_remedies, memo_risks,
                                                          memo_sources)
from worldsmith.generators.compose.substance.minutes import (minutes_actions, minutes_decisions, minutes_discussion,
                                                             minutes_matters, point_actions, without_prejudice)
from worldsmith.generators.compose.substance.papers import (certificate_bodies, certificate_parties, certificate_plan,
                                                            is_certificate, plan_bodies, statutory_plan,
                                                            statutory_plan_heads)
from worldsmith.generators.compose.substance.pleading import english, english_caption, english_close, forum, pleading_bodies
from worldsmith.generators.compose.substance.report import (attendance, finding_conclusion, own_figures, report_analysis,
                                                            report_background,
                                                            report_findings, report_risks, report_scope, report_summary,
                                                            valuation_day)
from worldsmith.generators.compose.text import long_date
from worldsmith.generators.context import ArtifactContext

__all__ = ["audit_engagement", "statutory_plan", "statutory_plan_heads", "audit_report", "attendance", "authority_issued", "authority_letter", "point_actions", "without_prejudice", "agreement_bodies", "is_sectioned", "sectioned_bodies", "bodies", "certificate_bodies", "certificate_parties", "certificate_plan", "chair", "engagement_plan",
           "english", "english_caption", "english_close", "forum", "executed_on", "party_roles", "is_certificate", "main_fact", "meeting_day", "minutes_actions",
           "pleading_bodies", "term_sheet_bodies", "topic"]


def _concluded(pick: Picker, ctx: ArtifactContext, due: str) -> list[str]:
    """A report's closing paragraphs: where it makes a figure of its own and weighs no courses, its conclusion on that
    figure (finding_conclusion); else the recommendation a memo would make."""
    from worldsmith.generators.compose.substance.argue import courses
    from worldsmith.generators.compose.substance.report import red_flags
    from worldsmith.generators.compose.substance.weigh import routes

    said = memo_recommendation(pick, ctx, due)
    if said and said[0].startswith("Our ") or routes(ctx) or courses(ctx) or red_flags(ctx):
        return said  # (an auditor's or a valuer's conclusion, or a course weighed, is already the report's own)
    found = finding_conclusion(ctx)
    return [found] if found else said


def bodies(pick: Picker, ctx: ArtifactContext, kind: str, plan: list[tuple[str, str]], due: str,
           told: dict[int, list[str]]) -> dict[int, list[str]]:
    """The paragraphs of each section this module writes for the genre, by section index; `told` holds sections
    already written from the purpose (a recommendation), which are left alone."""
    out: dict[int, list[str]] = {}
    kinds = [k for _, k in plan]
    if kind == "memo":
        day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
        # a paper put to a board or committee that names what it proposes weighs it and asks for its resolution
        paper_to_body = put_to_a_body(ctx.spec.title) and bool(board_proposed(ctx)) and "options" in kinds
        for i, k in enumerate(kinds):
            if k == "question" and put_to_a_body(ctx.spec.title):
                out[i] = [board_purpose(ctx, day)]
            elif k == "question":
                out[i] = memo_question(pick, ctx, day)
            elif k == "answer":
                out[i] = memo_answer(pick, ctx)
            elif k == "analysis":
                out[i] = memo_analysis(pick, ctx, told_elsewhere="background" in kinds, risks_apart="risks" in kinds)
                if memo_remedies(ctx):
                    out[i] = out[i] + [memo_remedies(ctx)]
            elif k == "risks":
                out[i] = memo_risks(ctx)  # (none: the genre's frames write it)
            elif k == "background" and kinds.index(k) == i:
                out[i] = memo_background(pick, ctx)
            elif k == "background":
                out[i] = memo_sources(ctx)
            elif k == "options" and paper_to_body:
                out[i] = board_options(pick, ctx)
            elif k == "options":
                out[i] = memo_options(pick, ctx, due)
            elif k == "next_steps":
                out[i] = memo_next_steps(pick, ctx, due)
            elif k == "recommendation" and not told.get(i) and paper_to_body:
                out[i] = board_resolution(ctx, due)
            elif k == "recommendation" and not told.get(i):
                out[i] = memo_recommendation(pick, ctx, due, options="options" in kinds)
    elif kind == "report" and is_determination(ctx):
        out = determination_bodies(pick, ctx, plan, long_date(ctx.spec.date, ctx.locale))  # type: ignore[union-attr]
    elif kind == "report" and summarised_paper(ctx)[1] is not None and "summary" in kinds:
        # a summary of a paper summarises that paper: what it says, what its figure covers, its standing and what it
        # rests on (read 16: a 'summary' of the trustees' notice that summarised nothing)
        day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
        rows = paper_summary(ctx, day)
        at = kinds.index("summary")
        later = next((i for i, k in enumerate(kinds) if k in ("findings", "analysis") and i != at), None)
        out[at] = rows[:2] if later is not None else rows
        if later is not None:
            out[later] = rows[2:]
        for i, k in enumerate(kinds):
            if k == "risks":
                out[i] = report_risks(pick, ctx)
    elif kind == "report":
        day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
        # (a valuation is as at its valuation day, which may be before the report's own)
        valued = valuation_day(ctx) or day
        for i, k in enumerate(kinds):
            if k == "summary":
                out[i] = report_summary(pick, ctx, valued)
            elif k == "scope":
                out[i] = report_scope(pick, ctx, day)
            elif k == "findings":
                out[i] = report_findings(pick, ctx, method_told="scope" in kinds)
            elif k == "analysis":
                # (nothing to work: what each finding rests on, never the frames' stock weighing of one fact against
                # another)
                out[i] = report_analysis(pick, ctx) or evidence_lines(ctx)
            elif k == "risks":
                out[i] = report_risks(pick, ctx)
            elif k == "background" and "findings" not in kinds:
                out[i] = memo_background(pick, ctx)
            elif k == "background":
                out[i] = report_background(ctx, valued)
            elif k == "recommendation" and not told.get(i):
                out[i] = _concluded(pick, ctx, due)
            elif k == "limitations" and (audit_report(ctx) or own_figures(ctx)):
                # an auditor's report says what its work covered, never that it has 'not audited' or 'not verified
                # independently' the records it audited (blind read 26)
                # (tested 'against the working set out above' only where an auditor's report sets one out: blind
                # read 36, a valuation with no working that said so)
                tested = ", tested against the working set out above" if audit_report(ctx) and any(
                    f.reason for f in ctx.facts) else ""
                out[i] = [f"Our work covered the records made available to us up to {day}{tested}. A record produced "
                          f"after that date may change a finding; we will report any change."]
        # a report states its method and works its figures even where its plan has no section of that name (read 16:
        # a sampling methodology paper that never said how the sample was drawn or the figure extrapolated): in the
        # background, else after the findings
        home = next((i for i, k in enumerate(kinds) if k == "background"), None)
        home = home if home is not None else next((i for i, k in enumerate(kinds) if k == "findings"), None)
        if home is not None and "scope" not in kinds and method_lines(ctx):
            out[home] = out.get(home, []) + ["Method. " + " ".join(method_lines(ctx))]
        # a survey says who attended and what was examined, before what was found
        there = kinds.index("scope") if "scope" in kinds else home
        if there is not None and attendance(ctx):
            out[there] = [attendance(ctx)] + out.get(there, [])
        if home is not None and "analysis" not in kinds:
            worked = report_analysis(pick, ctx)
            out[home] = out.get(home, []) + [p for p in worked if not any(p in q for q in out.get(home, []))]
        # an adviser's report ends on what its reader should do, even where its plan has no recommendations section
        # (read 16: 'There are no recommendations' in the review's methodology paper)
        # (after the last of the findings and the analysis, and not where the analysis already proposes the course)
        # (an analysis with nothing of its own to say is left out of the report, compose.py: never its home)
        found = max((i for i, k in enumerate(kinds) if k == "findings" or k == "analysis" and out.get(i)),
                    default=None)
        client = client_of(ctx) or engaged_by(ctx)
        proposed = any(re.search(r"\b(we propose|we recommend)\b", p, re.I) for ps in out.values() for p in ps)
        if found is not None and "recommendation" not in kinds and client and client != ctx.author.organisation \
                and not proposed:
            out[found] = out.get(found, []) + [f"Conclusion. {r}" for r in _concluded(pick, ctx, due)[:1]]
    elif kind == "plan":
        out = plan_bodies(pick, ctx, plan)
    elif kind == "ic_memo":
        out = ic_memo_bodies(pick, ctx, plan, told)
    elif kind == "letter":
        out = letter_bodies(pick, ctx, plan, due)
    elif kind == "client_letter":
        out = client_letter_bodies(pick, ctx, plan, due)
    elif kind == "minutes":
        held = meeting_day(ctx)
        day = long_date(held, ctx.locale)
        talk = [f for f in ctx.facts]
        for i, k in enumerate(kinds):
            if k == "discussion":
                out[i] = minutes_discussion(pick, ctx, talk, day)
            elif k == "decisions":
                said = [] if "discussion" in kinds else minutes_discussion(pick, ctx, talk, day)
                out[i] = said + minutes_decisions(pick, ctx, day, due)
            elif k == "background":
                out[i] = minutes_matters(pick, ctx, day)
    if kind in ("memo", "ic_memo"):
        out = pointed_once(out)
    return said_once({i: [p for p in ps if p.strip()] for i, ps in out.items() if ps}, kinds)
