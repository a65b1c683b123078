"""What a server's automatic prefix cache would have to compute for a request: prompt tokens after the longest
prefix already seen, counted in whole blocks as vLLM and SGLang count them.

A request's messages are laid out as a chat template lays them out for the model (ChatML here:
`<|im_start|>role\\n` content `<|im_end|>\\n` per message, then `<|im_start|>assistant\\n`), cut into
tokens, and the tokens into blocks of BLOCK. Block i is named by a hash chained over blocks 0..i (and the
model), so two prompts share block i only when they agree on every token up to its end. A request's
cached tokens are BLOCK times the number of its leading blocks already seen; only full blocks are cached,
so a partial last block is always computed. Every full block of a request is remembered once it is counted
(the cache never evicts: a server with room for one world's prompts).

The tokens are an honest approximation, not a model's BPE (tiktoken is not installed): a word with its
leading space, a run of up to three digits, a run of punctuation with its leading space, a run of
whitespace, and each chat-template marker, as the pre-tokenizers of GPT-style vocabularies split text.
Long or rare words are one token here and several in a real vocabulary, so the counts run a little low;
they are the same measure before and after a change to the prompts, which is what they are for.
"""

from __future__ import annotations

import hashlib
import re
import threading
from typing import Any

BLOCK = 16
# A chat-template marker, a word with its leading space, up to three digits, punctuation with its leading space,
# whitespace: GPT-style pre-tokenization, each piece counted as one token.
_TOKEN = re.compile(r"<\|im_(?:start|end)\|>| ?[^\W\d_]+| ?\d{1,3}| ?(?:[^\s\w]|_)+|\s+")


def _text(content: Any) -> str:
    """The text of a message's content, a string or a list of parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


_ANSWER_START = "<|im_start|>assistant\n"


def chat_text(messages: list[Any]) -> str:
    """The messages as a ChatML chat template lays them out for the model, ending where the answer begins."""
    parts = [f"<|im_start|>{m.get('role', '')}\n{_text(m.get('content'))}<|im_end|>\n"
             for m in messages if isinstance(m, dict)]
    return "".join(parts) + _ANSWER_START


def tokens(text: str) -> list[str]:
    """The text cut into approximate tokens (see the module docstring)."""
    return _TOKEN.findall(text)


def block_hashes(model: str, toks: list[str]) -> list[bytes]:
    """The chained hash of every full block of tokens: block i's hash covers the model and blocks 0..i."""
    return _chained(hashlib.blake2b(model.encode(), digest_size=16).digest(), toks)


def _chained(h: bytes, toks: list[str]) -> list[bytes]:
    """The chained hashes of the full blocks of `toks`, continuing the chain from `h`."""
    out = []
    for start in range(0, len(toks) - BLOCK + 1, BLOCK):
        h = hashlib.blake2b(h + "\x1f".join(toks[start:start + BLOCK]).encode(), digest_size=16).digest()
        out.append(h)
    return out


class PrefixCache:
    """The blocks a server has seen; count() says how many of a request's prompt tokens it would compute. Thread-safe."""

    def __init__(self) -> None:
        self._seen: set[bytes] = set()
        self._lock = threading.Lock()
        # The tokens and full-block hashes of the first message (a world's system message, the same text in every
        # request of the world) and the second's first paragraph (a kind's rules) by model and text: cutting and
        # hashing them again per request was a third of the test server's CPU per request. The head ends where no
        # token runs on (a newline before the next marker, a character before a blank line), so its tokens are the
        # same whatever follows, and the hashes go on from its last full block.
        self._heads: dict[tuple[str, str], tuple[list[str], list[bytes]]] = {}

    def _head(self, model: str, text: str) -> tuple[list[str], list[bytes]]:
        """The tokens of the first message's layout and the hashes of their full blocks (made once per text)."""
        held = self._heads.get((model, text))
        if held is None:
            toks = tokens(text)
            held = (toks, block_hashes(model, toks))
            if len(self._heads) >= 256:  # a few worlds and their kinds at once; more is a server with other work
                self._heads.clear()
            self._heads[(model, text)] = held
        return held

    def count(self, model: str, messages: list[Any]) -> tuple[int, int]:
        """(prompt tokens, uncached prompt tokens) of one request, then remember its blocks."""
        parts = [m for m in messages if isinstance(m, dict)]
        if parts:
            head, rest = chat_text(parts[:1])[:-len(_ANSWER_START)], chat_text(parts[1:])
            # The second message's first paragraph (a kind's rules, the same for every call of the kind) is cut and
            # hashed once too, where it ends on a token's end: before a blank line, after a character that is not
            # whitespace (no token runs from one into a line break).
            cut = rest.find("\n\n")
            if cut > 0 and not rest[cut - 1].isspace() and len(parts) > 1:
                head, rest = head + rest[:cut], rest[cut:]
            head_toks, head_hashes = self._head(model, head)
            full = len(head_hashes) * BLOCK
            toks = head_toks + tokens(rest)
            start = head_hashes[-1] if head_hashes else hashlib.blake2b(model.encode(), digest_size=16).digest()
            hashes = head_hashes + _chained(start, toks[full:])  # the costly part, outside the lock
        else:
            toks = tokens(chat_text(messages))
            hashes = block_hashes(model, toks)
        with self._lock:
            hit = 0
            while hit < len(hashes) and hashes[hit] in self._seen:
                hit += 1
            self._seen.update(hashes[hit:])
        return len(toks), len(toks) - hit * BLOCK
