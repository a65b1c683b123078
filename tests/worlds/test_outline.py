"""The outline loader: a good outline parses; each kind of bad input names file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.outline import load_outline, outline_json_schema, parse_outline

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml"
TEXT = MINI.read_text()


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing needle."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def broken(old: str, new: str) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, 1)


def error_of(text: str) -> OutlineError:
    with pytest.raises(OutlineError) as info:
        parse_outline(text, file="matter.yaml")
    assert info.value.file == "matter.yaml"
    return info.value


def test_mini_outline_parses_with_every_kind_of_value():
    outline = load_outline(MINI)
    assert {f.value.type for f in outline.facts} == {"money", "date", "percent", "number", "text"}
    assert outline.source_file == str(MINI)


def test_yaml_syntax_error_names_the_line():
    text = broken("  - id: cap\n", "  - id: cap\n   statement: [unclosed\n")
    err = error_of(text)
    assert "YAML syntax error" in err.message
    assert err.line is not None and abs(err.line - line_of(text, "[unclosed")) <= 1


def test_missing_required_field_is_named():
    text = broken("summary: A small matter used by the tests; every kind of item once.\n", "")
    err = error_of(text)
    assert err.field == "summary" and "missing" in err.message


def test_wrong_type_names_field_and_line():
    text = broken("    count: 2\n", "    count: many\n")
    err = error_of(text)
    assert err.field == "cast[1].count"
    assert err.line == line_of(text, "count: many")


def test_unknown_key_suggests_the_close_one():
    text = broken("        participants: [client_ceo, associate]\n", "        partcipants: [client_ceo, associate]\n")
    err = error_of(text)
    assert "did you mean 'participants'" in err.message
    assert err.line == line_of(text, "partcipants")
    assert err.field == "inventory[0].items[0].partcipants"


def test_undefined_fact_id_is_reported_with_suggestion():
    text = broken("        facts: [cap, spill_date]\n", "        facts: [cap, spill_dat]\n")
    err = error_of(text)
    assert "spill_dat" in err.message and "did you mean 'spill_date'" in err.message
    assert err.field == "inventory[0].items[0].facts[1]"
    assert err.line == line_of(text, "spill_dat]")


def test_undefined_role_is_reported():
    err = error_of(broken("        author: partner\n", "        author: partnr\n"))
    assert "partnr" in err.message and err.field.endswith("author")


def test_date_outside_window_is_reported():
    text = broken("        date: 2026-03-10\n", "        date: 2026-05-10\n")
    err = error_of(text)
    assert "outside the window" in err.message
    assert err.line == line_of(text, "2026-05-10")
    assert err.field == "inventory[1].items[0].date"


@pytest.mark.parametrize("path, why", [("../outside", "escapes"), ("/etc/room", "absolute"),
                                       ("Memos/CON", "reserved"), ("C:/Users", "absolute"), ("a/./b", "escapes")])
def test_inventory_path_must_stay_inside_the_room(path, why):
    text = broken("  - path: Memos\n", f"  - path: {path!r}\n".replace("'", '"'))
    err = error_of(text)
    assert why in err.message
    assert err.field == "inventory[1].path"
    assert err.line == line_of(text, f'path: "{path}"')


def test_real_looking_domain_is_refused():
    err = error_of(broken("domain: brightwater.test", "domain: brightwater.com"))
    assert "reserved TLD" in err.message and err.field == "organisations[1].domain"


def test_duplicate_key_is_refused():
    text = broken("    seniority: senior\n", "    seniority: senior\n    seniority: junior\n")
    err = error_of(text)
    assert "duplicate key 'seniority'" in err.message


def test_distractor_value_must_match_the_fact_type():
    err = error_of(broken("    value: {type: money, amount: 11000000, currency: USD}\n", "    value: {type: percent, value: 5}\n"))
    assert "must be one too" in err.message


def test_a_distractor_file_titled_with_its_own_value_is_refused_with_the_line():
    # Each message circulating the file names it: the old figure would stand in mail without its label.
    text = broken("      title: Memo re limitation of liability (draft v1)\n",
                  "      title: Memo re limitation of liability (draft v1, USD 11,000,000)\n")
    err = error_of(text)
    assert err.field == "distractors[0].item.title" and "USD 11,000,000" in err.message
    assert err.line == line_of(text, "(draft v1, USD 11,000,000)")
    # The same title with another figure (a version, a year) is the author's to choose.
    parse_outline(broken("      title: Memo re limitation of liability (draft v1)\n",
                         "      title: Memo re limitation of liability (draft v1, 11,000)\n"), file="m.yaml")


def test_a_distractor_whose_wrong_value_is_another_facts_value_is_refused():
    # Every file stating the other fact would write the superseded figure without its label: quarantined, far from
    # the cause (a licensee's report whose royalty due is also the royalty it paid).
    fault = "    value: {type: percent, value: 60}\n"
    same = TEXT.replace(fault, fault + "  - id: paid\n    statement: The client paid USD 11,000,000 on account.\n"
                        "    value: {type: money, amount: 11000000, currency: USD}\n", 1)
    err = error_of(same)
    assert err.field == "distractors[0].value" and "'paid'" in err.message and "USD 11,000,000" in err.message
    lines = [i for i, line in enumerate(same.splitlines(), 1) if "amount: 11000000" in line]
    assert err.line == lines[-1]  # the distractor's own value, not the fact's


def test_a_distractor_label_that_gives_a_later_figure_is_refused():
    # The label is printed on the draft of March 6: a figure the matter learns on March 7 is news from the future.
    fault = "    value: {type: percent, value: 60}\n"
    later = TEXT.replace(fault, fault + "  - id: settlement\n    statement: They settle for USD 9,250,000.\n"
                         "    value: {type: money, amount: 9250000, currency: USD}\n    known_from: 2026-03-07\n", 1)
    parse_outline(later, file="m.yaml")  # the matter itself is sound
    text = later.replace("    label: superseded draft\n", "    label: superseded draft, before the USD 9,250,000 deal\n", 1)
    err = error_of(text)
    assert err.field == "distractors[0].label" and "settlement" in err.message and "2026-03-07" in err.message
    # A bare percent or count says too little to be news: the label may give one.
    parse_outline(later.replace("    label: superseded draft\n", "    label: superseded draft at 60%\n", 1), file="m.yaml")


def test_unknown_kind_is_explained():
    err = error_of(broken("      - kind: spreadsheet\n", "      - kind: slideshow\n"))
    assert "email_thread" in err.message and err.field.startswith("inventory[1].items[1]")


def test_outline_sha_ignores_layout():
    a = parse_outline(TEXT, file="a.yaml")
    b = parse_outline("# a comment\n" + TEXT.replace("window:\n", "\nwindow:\n"), file="b.yaml")
    assert a.sha256() == b.sha256()


def test_shipped_schema_is_current():
    import json
    shipped = json.loads((MINI.parents[2] / "outlines" / "outline.schema.json").read_text())
    assert shipped == outline_json_schema(), "run: worldsmith outline schema --out outlines/outline.schema.json"
