"""A paper or sheet titled in the matter's own language is of the genre its genre noun names (lexicon.yaml).

Outlines of non-English matters title papers 'Procès-verbal de la réunion du CSE', 'Acta de la sesión del consejo',
'Parecer', 'Protokoll', 'Notulen', '議事録' and sheets 'Relación de pedimentos', 'Liste des postes'; the English
reading of a head (the last word before 'of') found 'cse' or 'sesion', and the paper fell to the default template
(minutes that were not minutes). Titles in six languages, one paper composed of a planned repository fixture."""

from __future__ import annotations

import asyncio

from tests.generators.planned import planned
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.compose.genres import genre_of, head_noun
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import DocumentContent


def test_a_foreign_title_is_headed_by_its_genre_noun_in_four_languages_and_cjk():
    heads = {
        "Procès-verbal de la réunion du CSE du 4 mars": "minutes",
        "Projet de note sur le rapport de l'expert": "note",
        "Observations de l'administration sur la demande": "submissions",
        "Demande de validation de l'accord majoritaire": "request",
        "Acta de la sesión del consejo de administración": "minutes",
        "Escrito de pruebas y alegatos contra el oficio 500-05-2026": "submissions",
        "Memorándum - opciones ante el crédito fiscal": "memorandum",
        "Acórdão DRJ 108-041.227": "judgment",
        "Parecer jurídico sobre a dedutibilidade do ágio": "opinion",
        "Recurso voluntário ao CARF": "appeal",
        "Protokoll der Gesellschafterversammlung": "minutes",
        "Rechtsgutachten zur Haftung nach § 276 BGB": "opinion",
        "Notulen van de bestuursvergadering": "minutes",
        "取締役会議事録（案）": "minutes",
        "법률 의견서": "opinion",
        "损失调查报告": "report",
    }
    assert {t: head_noun(t) for t in heads} == heads


def test_an_english_title_keeps_its_english_head():
    # words that are English and another language's genre noun at once stay English before an English link
    heads = {"Note on the claim": "note", "Decision tree analysis": "analysis", "Register update memo": "memo",
             "Debrief notes": "notes", "Plan of action": "plan", "Brief to counsel": "brief",
             "Failure analysis report: gearboxes": "report", "Memo re the notice of readiness": "memo"}
    assert {t: head_noun(t) for t in heads} == heads


def test_a_foreign_doc_type_or_title_picks_the_family_not_the_default():
    assert genre_of("procès-verbal") == "minutes"
    assert genre_of("document", "Acta de la sesión del consejo") == "minutes"
    assert genre_of("", "Parecer jurídico sobre o ágio") == "memo"
    assert genre_of("", "取締役会議事録") == "minutes"
    assert genre_of("", "Rapport d'expertise") == "report"
    assert genre_of("", "Contrato de compraventa de acciones") == "agreement"
    # a head whose English word names no genre takes its family: an appeal lodged, a request to a body
    assert genre_of("recurso voluntário", "Recurso voluntário ao CARF") == "pleading"
    assert genre_of("", "Demande de validation de l'accord majoritaire") == "letter"
    assert genre_of("", "Antrag auf Fristverlängerung") == "letter"
    assert genre_of("", "Board pack") == "default"  # an English title unread by the lexicon stays as it was


def test_a_foreign_sheet_title_is_read_for_its_layout():
    from worldsmith.generators.kinds.spreadsheet.compose import layout_of
    from worldsmith.generators.skeleton import layout_for

    assert layout_for("Relación de pedimentos") == "tracker" == layout_for("Liste des postes")
    assert layout_for("Verzeichnis der Mängel") == "tracker"
    assert layout_of("Calendrier de la procédure") == "schedule" == layout_of("Cronograma procesal")
    assert layout_for("Quantum schedule: remedy and damages") == "schedule"  # English as before


def test_minutes_titled_in_the_matters_language_are_written_as_minutes():
    # (a fixture other tests plan at this seed: the plan is shared, not made again)
    plan, taxonomy = planned("emoney-data-breach-dpc-inquiry", 61)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.doc_type == "minutes")
    spec = spec.model_copy(update={"doc_type": "procès-verbal", "title": "Procès-verbal de la réunion du comité"})
    ctx = build_context(plan, taxonomy, spec, {a.id: None for a in plan.artifacts})
    doc = asyncio.run(OfflineBackend().generate(ctx, DocumentContent))
    headings = [s.heading for s in doc.sections]
    assert headings[0] == "Attendees" and any("Decisions" in h for h in headings), headings
