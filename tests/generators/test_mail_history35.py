"""Mail as long as real mail (issue 17 point 6): the history a reply carries is what a mail client puts there.

The Enron reference carries quoted history in 71% of its messages (median 192 words), each quoted message under its
From/Sent/To/Subject header and with its sender's signature; pointed openers were signed with a name alone."""

from __future__ import annotations

from tests.generators.test_thread_points import thread


def test_a_pointed_opener_carries_its_senders_signature_block_and_a_reply_the_short_one():
    blocks = []
    for seed in range(6):
        plan, _, messages = thread(seed)
        for spec, content in messages:
            author = plan.person(spec.author)
            org = next(o.name for o in plan.organisations if o.id == author.organisation)
            has_block = author.title in content.body and org in content.body
            if spec.mode == "new":
                assert spec.point and spec.point in " ".join(content.body.split())
                blocks.append(has_block)
            elif spec.point:
                assert not has_block, content.body  # Outlook's reply signature is the short one
    assert len(blocks) == 6 and sum(blocks) >= 4, blocks
