"""Classes of the blind red team kits 29a/29b (a Brazilian tax appeal, a Japanese recall insurance claim) that the
verifier of session 28 got wrong."""

from types import SimpleNamespace as NS

from worldsmith.environments.grade import misaddressed


def _sent(text, to, sender):
    return NS(text=text, body=text, to=[to], cc=[], sender=sender)


def test_a_greeting_in_a_script_without_case_is_a_greeting_not_a_sign_off():
    # kit29b: '翼,' to 翼 松本 (another 翼 works beside the sender), signed '裕太', scored 0 misaddressed on five replies
    people = [NS(name=n, email=e) for n, e in (("裕太 伊藤", "yi@adj.example"), ("翼 伊藤", "ti@adj.example"),
                                               ("翼 松本", "tm@law.example"), ("洋介 佐藤", "ys@ins.example"))]
    world = NS(plan=NS(people=people))
    to_matsumoto = lambda text: _sent(text, "tm@law.example", "yi@adj.example")  # noqa: E731
    assert not misaddressed(world, to_matsumoto("翼,\n\nYes: the limit exceeds the loss.\n\n裕太"))
    assert not misaddressed(world, to_matsumoto("翼、\n\nYes: the limit exceeds the loss.\n\n裕太"))
    # the wrong person greeted, or a sign-off by someone else, is still misaddressed
    assert misaddressed(world, to_matsumoto("洋介,\n\nYes: the limit exceeds the loss.\n\n裕太"))
    assert misaddressed(world, to_matsumoto("翼,\n\nYes: the limit exceeds the loss.\n\n洋介"))


def test_a_paper_cited_by_the_reference_its_file_name_carries_makes_up_no_figure():
    # kit29a: 'Hypothesis (room: BRL 80,000,000, Acordao DRJ 108-041.227)' in the sources of a right memo read 108 and
    # 41.227 as amounts made up (memo_unledgered_figure), seven right memos 0.86
    from worldsmith.environments.grade import _without_room_paths, unledgered

    files = [NS(path="room/01 Decision/Acordao DRJ 108-041.227 - decision on the appeal (2021 to 2023).docx"),
             NS(path="room/05 Cover/Coverage opinion - Extension 3 of policy PRX-2025-0418.docx"),
             NS(path="room/Chat/deal/2026-03-13.json")]
    world = NS(world_id="w31-refs", manifest=NS(files=files))
    memo = ("| Goodwill (assumed) | BRL 96,000,000 | Hypothesis (room: BRL 80,000,000, Acordao DRJ 108-041.227) |\n"
            "The limit under policy PRX-2025-0418 is BRL 300,000,000.")
    allowed = [96_000_000.0, 80_000_000.0, 300_000_000.0]
    assert unledgered(memo, "BRL", allowed, bare=True)  # before: the reference's digits read as figures
    assert not unledgered(_without_room_paths(memo, world), "BRL", allowed, bare=True)
    # a figure the author made up beside the reference still counts, and a reference no file carries is read as before
    made_up = memo + " The DRJ also found BRL 12,345,000 and cited 777-123.456."
    left = {m.text for m in unledgered(_without_room_paths(made_up, world), "BRL", allowed, bare=True)}
    assert "BRL 12,345,000" in left and "777" in left


def test_a_japanese_name_in_latin_letters_names_its_person_in_either_order():
    # kit29b: 'Sender: Chiyo Suzuki' for 千代 鈴木 (the room writes her name only in kanji), four right forms 0.8
    from worldsmith.environments.forms import _person_ok
    from worldsmith.environments.tasks import Check

    def person(pid, first, last):
        return NS(id=pid, name=f"{first} {last}", first_name=first, last_name=last, email=f"{pid}@adj.example",
                  organisation="adj", title="Adjuster", role=pid)

    world = NS(plan=NS(people=[person("a", "裕太", "伊藤"), person("b", "千代", "鈴木"), person("c", "翼", "伊藤")],
                       organisations=[NS(id="adj", name="Tsubaki")]))
    ok = lambda value, who: _person_ok(value, Check(type="answer_field", values=[who]), world)  # noqa: E731
    for value in ("Chiyo Suzuki", "Suzuki Chiyo", "suzuki chiyo"):
        assert ok(value, "千代 鈴木"), value
    for value in ("Yuta Ito", "Yūta Itō", "Ito Yuta", "Yuta Itoh", "Yuta Ito (裕太 伊藤)", "伊藤 裕太 (Itō Yūta)"):
        assert ok(value, "裕太 伊藤"), value
    # another person, the one who shares the family name, or two names at once, are still wrong
    assert not ok("Chiyo Suzuki", "裕太 伊藤") and not ok("Tsubasa Ito", "裕太 伊藤")
    assert not ok("Yuta Ito and Chiyo Suzuki", "裕太 伊藤") and not ok("裕太 伊藤 (Chiyo Suzuki)", "裕太 伊藤")


def test_a_figure_first_appears_where_a_text_first_states_it_not_where_a_mention_was_planned():
    # kit29b task 13: 'JPY 2,800' stood in the insured's mail of August 5 (a step of its working: '29,400 units x JPY
    # 2,800 = ...'); the key counted from the first planned mention, August 6, and right answers scored 0.67
    import datetime as dt

    import duckdb

    from worldsmith.environments.graph_tasks import _first_in_texts

    db = duckdb.connect()
    db.execute('create table artifacts (id varchar, path varchar, kind varchar, "at" timestamptz, message_id varchar)')
    db.execute("create table artifact_text (artifact_id varchar, path varchar, kind varchar, text varchar)")
    db.execute("create table fact_values (fact_id varchar, text varchar, since date, until date)")
    db.execute("create table files (path varchar, sha256 varchar)")
    day = lambda d: dt.datetime(2026, 8, d, 9, tzinfo=dt.timezone.utc)  # noqa: E731
    for aid, d, text in (("a", 4, "Retrieval: JPY 2,800,000 in all."), ("b", 5, "29,400 units x JPY 2,800 = JPY 82,320,000"),
                         ("c", 6, "The retrieval cost per unit is JPY 2,800.")):
        db.execute("insert into artifacts values (?, ?, 'email', ?, ?)", [aid, f"{aid}.eml", day(d), aid])
        db.execute("insert into artifact_text values (?, ?, 'email', ?)", [aid, f"{aid}.eml", text])

    def first(text):
        fact = NS(id="retrieval_cost", label="retrieval cost per unit", text=text, value=NS(type="money"))
        return _first_in_texts(NS(world=NS(db=db, plan=NS(facts=[fact], distractors=[]))), fact)

    assert [r[0] for r in first("JPY 2,800")] == ["b.eml"]  # not inside JPY 2,800,000 on August 4
    assert first("JPY 9,600") == []


def _misstated(text, label, value, number, others):
    from worldsmith.environments.grade import misstated
    from worldsmith.environments.tasks import Check

    return misstated(text, Check(type="texts_misstated", values=[value], numbers=[number], unit="JPY",
                                 a_words=label, b_words=others))


def test_another_labels_plural_names_that_label_not_this_one():
    # kit29b: 'retrieval costs JPY 82,320,000 (29,400 units x JPY 2,800)' was read as the retrieval cost per unit
    # (named 'retrieval cost') misstated, right memos 0.76
    per_unit = (["retrieval cost per unit", "retrieval cost"], "JPY 2,800", 2800.0, ["retrieval costs", "disposal costs"])
    assert not _misstated("Adjusted loss: notification costs JPY 38,500,000 + retrieval costs JPY 82,320,000 (29,400 "
                          "units x JPY 2,800) + disposal costs JPY 6,860,000.", *per_unit)
    assert _misstated("The retrieval cost is JPY 3,000 a unit.", *per_unit)
    assert _misstated("Retrieval cost per unit: JPY 82,320,000.", *per_unit)


def test_the_working_after_a_labels_right_figure_and_its_equals_is_no_figure_of_the_label():
    # kit29b: 'Replacement cost allowed: JPY 150,000,000 = lesser of cost of replacement units JPY 282,240,000 and ...'
    # read as the replacement cost allowed misstated, a right memo 0.39
    allowed = (["replacement cost allowed"], "JPY 150,000,000", 150_000_000.0,
               ["cost of replacement units", "replacement cost sub-limit"])
    assert not _misstated("- Replacement cost allowed: JPY 150,000,000 = lesser of cost of replacement units JPY "
                          "282,240,000 and replacement cost sub-limit JPY 150,000,000.", *allowed)
    assert _misstated("- Replacement cost allowed: JPY 282,240,000 = cost of replacement units.", *allowed)
    assert _misstated("Replacement cost allowed: JPY 150,000,000; in fact the replacement cost allowed is JPY "
                      "282,240,000.", *allowed)


def test_an_arrow_to_words_draws_a_conclusion_and_moves_no_figure():
    # kit29b: 'replacement units ¥282.24m vs Extension 3 sub-limit ¥150m -> cost exceeds sub-limit by ¥132.24m' read
    # ¥150m as a figure moved from, so the sub-limit was never stated: right posts 0.5
    from worldsmith.environments import answers

    said = {m.text: m.status for m in answers.parse("Units ¥282.24m vs sub-limit ¥150m -> cost exceeds sub-limit by "
                                                    "¥132.24m. Returns (1,934 -> 1,860); fee USD 3m -> now USD 4m.").mentions}
    assert said["¥150m"] == "asserted"
    assert said["1,934"] == said["USD 3m"] == "superseded_mention" and said["1,860"] == "asserted"


def test_the_head_noun_of_a_label_is_the_word_before_its_preposition_and_names_only_a_label_alone_in_it():
    # kit29b: 'The limit exceeds the net recoverable loss' read 'the limit' as the replacement cost sub-limit (the only
    # label of the task ending in 'limit') compared the wrong way: three right replies 0.71
    from worldsmith.environments.guards import label_phrases

    fact = lambda label: NS(id=label, label=label, statement="")  # noqa: E731
    labels = ["limit of indemnity", "replacement cost sub-limit", "net recoverable loss"]
    assert "the limit" in label_phrases(fact("limit of indemnity"), labels, ["limit of indemnity", "net recoverable loss"])
    assert "the indemnity" not in label_phrases(fact("limit of indemnity"), labels, labels)
    for label in ("limit of indemnity", "replacement cost sub-limit"):
        assert "the limit" not in label_phrases(fact(label), labels, labels), label
    assert "the loss" in label_phrases(fact("net recoverable loss"), labels, labels)
