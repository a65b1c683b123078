"""Hostile outlines: what YAML may cost, and the characters, lengths, numbers, dates and casts that
`outline check` refuses because some file or the planner could not carry them. Each is refused with
one OutlineError naming file, line and field, before anything expands or is written."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.outline import load_outline, parse_outline
from worldsmith.worlds.sourcemap import MAX_BYTES

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml"
TEXT = MINI.read_text()


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def refused(text: str) -> OutlineError:
    with pytest.raises(OutlineError) as info:
        parse_outline(text, file="matter.yaml")
    assert str(info.value).startswith(f"matter.yaml:{info.value.line}:"), str(info.value)
    return info.value


def replaced(old: str, new: str) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, 1)


def billion_laughs(depth: int = 9) -> str:
    lines = [f"l0: &l0 [{','.join(['lol'] * 9)}]"]
    lines += [f"l{i}: &l{i} [{','.join([f'*l{i - 1}'] * 9)}]" for i in range(1, depth + 1)]
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_at_once_without_expanding():
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    err = refused(billion_laughs(9) + TEXT)
    assert "aliases expand" in err.message and err.line is not None
    assert time.perf_counter() - started < 5  # 9^9 values expanded would take minutes and gigabytes
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200 * 1024  # KiB


def test_merge_key_bomb_is_refused():
    lines = ["m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9}"]
    lines += [f"m{i}: &m{i} {{<<: [{', '.join([f'*m{i - 1}'] * 9)}]}}" for i in range(1, 10)]
    assert "aliases expand" in refused("\n".join(lines) + "\n" + TEXT).message


@pytest.mark.parametrize("snippet, words", [
    ("deep: " + "[" * 1000 + "]" * 1000 + "\n", "levels deep"),
    ("deep: " + "{a: " * 500 + "1" + "}" * 500 + "\n", "levels deep"),
    ("loop: &loop [*loop]\n", "recursive alias"),
    ("loop: &lm {self: *lm}\n", "recursive alias"),
])
def test_deep_nesting_and_recursive_aliases_are_refused_with_a_line(snippet, words):
    err = refused(TEXT + snippet)
    assert words in err.message
    assert err.line == TEXT.count("\n") + 1


def test_aliases_that_chain_deeper_than_the_limit_are_refused():
    chain = ["c0: &c0 [[[[[[[[[[x]]]]]]]]]]"] + [f"c{i}: &c{i} [[[[[[[[[[*c{i - 1}]]]]]]]]]]" for i in range(1, 200)]
    assert "levels deep" in refused("\n".join(chain) + "\n").message


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(TEXT + "#" * MAX_BYTES)
    with pytest.raises(OutlineError, match="over 1 MiB"):
        load_outline(path)


def test_an_undecodable_byte_names_its_line_and_column(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(TEXT.encode().replace(b"Mini matter", b"Mini \xe9 matter"))
    with pytest.raises(OutlineError) as info:
        load_outline(path)
    assert info.value.line == line_of(TEXT, "Mini matter") and "0xe9 at column 13" in info.value.message


def test_a_raw_control_character_names_its_line():
    text = replaced("Mini matter", "Mini \x07 matter")
    err = refused(text)
    assert err.line == line_of(TEXT, "Mini matter") and "U+0007" in err.message


@pytest.mark.parametrize("value", ["2026-02-30", "1" * 5000, "!!timestamp yesterday", "!!float lots"])
def test_a_scalar_yaml_cannot_convert_names_its_line(value):
    text = replaced("    count: 2\n", f"    count: {value}\n")
    err = refused(text)
    assert err.line == line_of(text, f"count: {value}") and "cannot read" in err.message


@pytest.mark.parametrize("old, new, field, words", [
    ("title: Mini matter for tests", 'title: "Mini \\a matter"', "title", "U+0007"),
    ("title: Liability cap first view", 'title: "Liability\\rcap"', "inventory[0].items[0].title", "carriage return"),
    ("title: Liability cap first view", 'title: "Liability\\Lcap"', "inventory[0].items[0].title", "U+2028"),
    ("title: Liability cap first view", 'title: "Liability\\ncap"', "inventory[0].items[0].title", "one line"),
    ("title: Memo re limitation of liability\n", f"title: {'Memo ' * 60}\n", "inventory[1].items[0].title",
     "at most 200"),
    ("name: Quillfeather & Danso LLP", 'name: "Quill\\efeather"', "organisations[0].name", "U+001B"),
    ("statement: The spill happened on March 3, 2026.", 'statement: "The \\x85 spill on March 3, 2026."',
     "facts[1].statement", "U+0085"),
    ("statement: The spill happened on March 3, 2026.", 'statement: "The \\uD800 spill on March 3, 2026."',
     "facts[1].statement", "unicode string"),  # pydantic refuses a lone surrogate first
])
def test_characters_no_format_can_carry_are_refused_at_their_field(old, new, field, words):
    text = replaced(old, new)
    err = refused(text)
    assert err.field == field and words in err.message, err
    assert err.line == line_of(text, new.strip()[:20])


def test_a_multiline_statement_is_kept():
    text = replaced("statement: The spill happened on March 3, 2026.",
                    'statement: "The spill happened\\non March 3, 2026."')
    assert parse_outline(text).facts[1].statement == "The spill happened\non March 3, 2026."


@pytest.mark.parametrize("old, new, field, words", [
    ("amount: 12500000,", "amount: 1" + "0" * 400 + ",", "facts[0].value.amount", "too large"),
    ("amount: 12500000,", "amount: .nan,", "facts[0].value.amount", "finite"),
    ("amount: 12500000,", "amount: 12500000.1234567,", "facts[0].value.amount", "decimal places"),
    ("value: 45000,", "value: -1e20,", "facts[3].value.value", "too large"),
    ("  end: 2026-03-27", "  end: 9999-12-31", "window.end", "1900 to 2199"),
    ("value: 2026-03-03}", "value: 0001-01-01}", "facts[1].value.value", "1900 to 2199"),
])
def test_amounts_and_dates_beyond_sane_bounds_are_refused(old, new, field, words):
    err = refused(replaced(old, new))
    assert err.field == field and words in err.message, err


def test_a_window_of_more_than_twenty_years_is_refused():
    err = refused(replaced("  end: 2026-03-27", "  end: 2199-03-27"))
    assert err.field == "window.end" and "at most 20 years" in err.message


def test_a_computed_value_beyond_bounds_is_refused():
    text = replaced("facts:\n", "facts:\n  - id: big\n    statement: A large number indeed.\n"
                                "    value: {type: number, value: 900000000000000}\n"
                                "  - id: bigger\n    statement: A larger number still.\n    formula: big * big\n")
    err = refused(text)
    assert err.field == "facts[1].formula" and "too large" in err.message


def test_a_thread_in_a_one_person_cast_is_refused():
    start, end = TEXT.index("cast:\n"), TEXT.index("facts:\n")
    cast = "cast:\n  - role: partner\n    occupation: \"23-1011\"\n    organisation: firm\n"
    text = TEXT[:start] + cast + TEXT[end:]
    for role in ("associate", "client_ceo"):
        text = text.replace(f"author: {role}", "author: partner")
    text = text.replace("participants: [client_ceo, associate]", "participants: []").replace(
        "forward_to: [associate]", "forward_to: []").replace("participants: [partner]", "participants: []")
    err = refused(text)
    assert err.field == "inventory[0].items[0].author" and "someone to write to" in err.message


@pytest.mark.parametrize("locale, hint", [("xx_XX", "e.g. en_US"), ("en-GB", "'en_GB'"), ("EN_us", "'en_US'")])
def test_a_locale_faker_does_not_have_is_refused_at_its_line(tmp_path, locale, hint):
    path = tmp_path / "matter.yaml"
    path.write_text(replaced("title: Mini matter for tests\n", f"title: Mini matter for tests\nlocale: {locale}\n"))
    prepared = pipeline.prepare(path, 0, OfflineBackend())
    with pytest.raises(OutlineError) as info:
        pipeline.make_plan(prepared)
    assert info.value.field == "locale" and info.value.line == 3 and hint in info.value.message
