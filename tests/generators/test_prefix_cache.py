"""The prefix-cache count: tokens after the longest prefix already seen, in whole 16-token blocks."""

from __future__ import annotations

import threading

import openai
from pydantic import BaseModel

from worldsmith.generators.backends.prefix_cache import BLOCK, PrefixCache, chat_text, tokens
from worldsmith.generators.backends.test_server import TestServer


def words(n: int, word: str = "alpha") -> str:
    """n tokens: a word, then the word with its leading space n-1 times."""
    return " ".join([word] * n)


def chat(system: str, user: str) -> list[dict]:
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def n_tokens(messages: list[dict]) -> int:
    return len(tokens(chat_text(messages)))


def test_the_tokenizer_splits_words_digits_punctuation_and_markers():
    assert tokens("Hello, world 12345!") == ["Hello", ",", " world", " 123", "45", "!"]
    assert tokens("<|im_start|>user\nhi<|im_end|>") == ["<|im_start|>", "user", "\n", "hi", "<|im_end|>"]


def test_a_new_worlds_first_request_counts_every_token():
    messages = chat(words(100), "Write the email.")
    assert PrefixCache().count("m", messages) == (n_tokens(messages), n_tokens(messages))


def test_a_repeated_request_is_cached_in_whole_blocks_only():
    cache, messages = PrefixCache(), chat(words(100), "Write the email.")
    total = n_tokens(messages)
    cache.count("m", messages)
    assert total % BLOCK and cache.count("m", messages) == (total, total % BLOCK)


def test_a_shared_prefix_is_cached_up_to_the_last_whole_block_before_the_texts_part():
    cache = PrefixCache()
    first, second = chat(words(100), "alpha " * 40 + "first"), chat(words(100), "alpha " * 40 + "second")
    cache.count("m", first)
    a, b = tokens(chat_text(first)), tokens(chat_text(second))
    shared = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
    total, uncached = cache.count("m", second)
    # The block that holds the first differing token is computed again, and every block after it.
    assert shared > 3 * BLOCK and shared % BLOCK
    assert (total, uncached) == (len(b), len(b) - shared // BLOCK * BLOCK)


def test_a_change_early_in_the_prompt_uncaches_everything_after_it():
    cache = PrefixCache()
    cache.count("m", chat("beta " + words(100), "Write it."))
    messages = chat("gamma " + words(100), "Write it.")
    assert cache.count("m", messages) == (n_tokens(messages), n_tokens(messages))


def test_another_model_shares_nothing():
    cache, messages = PrefixCache(), chat(words(100), "Write it.")
    cache.count("m", messages)
    assert cache.count("other", messages)[1] == n_tokens(messages)


def test_concurrent_counts_compute_a_prompt_once():
    cache, messages = PrefixCache(), chat(words(300), "Write it.")
    total = n_tokens(messages)
    results: list[tuple[int, int]] = []
    threads = [threading.Thread(target=lambda: results.append(cache.count("m", messages))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(u for _, u in results) == [total % BLOCK] * 7 + [total]


class Note(BaseModel):
    text: str


def test_the_server_logs_and_sums_the_uncached_tokens_of_each_request():
    fmt = {"type": "json_schema", "json_schema": {"name": "Note", "schema": Note.model_json_schema(), "strict": True}}
    first, second = chat(words(200), "Write a note on the first matter."), chat(words(200), "Write a note on the second.")
    with TestServer() as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="none", max_retries=0)
        for messages in (first, second):
            client.chat.completions.create(model="test-model", messages=messages, response_format=fmt)
        stats, records = server.stats(), server.requests
    assert [r["prompt_tokens"] for r in records] == [n_tokens(first), n_tokens(second)]
    assert records[0]["uncached_prompt_tokens"] == n_tokens(first)
    assert records[1]["uncached_prompt_tokens"] < n_tokens(second) - 10 * BLOCK
    assert stats["uncached_prompt_tokens"] == sum(r["uncached_prompt_tokens"] for r in records)
    assert stats["prompt_tokens"] == n_tokens(first) + n_tokens(second)


def test_a_kinds_rules_counted_once_give_the_same_counts_as_the_whole_prompt_cut_anew():
    """The first paragraph of the second message (a kind's rules) is cut into tokens once and kept; the counts must be
    those of the whole text cut anew and hashed block by block, whatever follows the paragraph."""
    from worldsmith.generators.backends.prefix_cache import block_hashes

    rules = "# Writing an email\nWrite `body`: the text, plain (no subject)."
    requests = [chat(words(40), rules + "\n\nFrom: Ann Lowe\nSubject: cap"), chat(words(40), rules + "\n\n\n  x"),
                chat(words(40), rules + "\n\nother" + " beta" * 30), chat(words(40), "no blank line here at all"),
                chat(words(40), rules + "\n\nFrom: Ann Lowe\nSubject: cap")]
    kept, seen = PrefixCache(), set()
    for messages in requests:
        whole = tokens(chat_text(messages))
        hashes = block_hashes("m", whole)
        hit = next((i for i, h in enumerate(hashes) if h not in seen), len(hashes))
        seen.update(hashes)
        assert kept.count("m", messages) == (len(whole), len(whole) - hit * BLOCK)
