"""A repair round says a sentence validation found word for word in too many artifacts another way."""

from __future__ import annotations

import asyncio
import re

from worldsmith.generators.compose.reword import reworded, without_repeats
from worldsmith.worlds.content import EmailContent

NOTE = 'realism_boilerplate: the sentence "The 2025 service charge claimed is GBP 1,260,000." appears word for word ' \
       'in 4 artifacts'


def test_a_repeated_sentence_is_said_another_way_with_its_figure_and_the_quote_below_untouched():
    # service-charge-dispute at seed 83 was quarantined, repairs and all: the dispute composer writes the figure in
    # one frame, so composing the four artifacts again with new seeds wrote the same sentence four times again.
    body = ("Our client maintains the charge. The 2025 service charge claimed is GBP 1,260,000. Rights reserved.\n\n"
            "> The 2025 service charge claimed is GBP 1,260,000. Our client's share is 25%.")
    ways = set()
    for seed in range(12):
        out = without_repeats(EmailContent(subject="Re: Objection", body=body), [NOTE], str(seed))
        own, quote = out.body.split("\n\n", 1)
        assert "GBP 1,260,000" in own and "The 2025 service charge claimed is GBP 1,260,000." not in own
        assert quote == "> The 2025 service charge claimed is GBP 1,260,000. Our client's share is 25%."
        ways.add(own)
    assert len(ways) >= 3  # the four artifacts that shared it do not share the new wording


def test_other_notes_and_other_sentences_change_nothing():
    content = EmailContent(subject="Re: Objection", body="The roof replacement cost is GBP 420,000.")
    assert without_repeats(content, ["fact_mentioned_before_known: writes X"], "1") is content
    assert without_repeats(content, [NOTE], "1") is content
    # a sentence of no 'X is Y.' shape still changes its words, keeping them all
    s = "Our client reserves all of its rights under the lease and the service charge provisions."
    assert reworded(s, "3").endswith("our client reserves all of its rights under the lease and the service charge "
                                     "provisions.") and reworded(s, "3") != s


def test_the_offline_backend_rewords_what_its_repair_notes_name():
    from tests.generators.context_fixture import email_context
    from worldsmith.generators.backends.offline import OfflineBackend

    ctx = email_context()
    first = asyncio.run(OfflineBackend().generate(ctx, EmailContent))
    own = [line for line in first.body.splitlines() if not line.lstrip().startswith(">")]
    sentence = next(s for line in own for s in re.split(r"(?<=[.!?])\s+", line.strip())
                    if len(s.split()) >= 8 and s.endswith("."))
    note = f'realism_boilerplate: the sentence "{sentence}" appears word for word in 4 artifacts'
    again = asyncio.run(OfflineBackend().generate(ctx.model_copy(update={"repair": [note]}), EmailContent))
    assert sentence in first.body and sentence not in again.body
