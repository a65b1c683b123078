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


def chat_text(messages: list[Any]) -> str:
    """The messages as a ChatML chat template lays them out for the model, ending where the answer begins."""
    parts = [f"<|im_start|>{m.get('role', '')}\n{_text(m.get('content'))}<|im_end|>\n"
             for m in messages if isinstance(m, dict)]
    return "".join(parts) + "<|im_start|>assistant\n"


def tokens(text: str) -> list[str]:
    """The text cut into approximate tokens (see the module docstring)."""
    return _TOKEN.findall(text)


def block_hashes(model: str, toks: list[str]) -> list[bytes]:
    """The chained hash of every full block of tokens: block i's hash covers the model and blocks 0..i."""
    out, h = [], hashlib.blake2b(model.encode(), digest_size=16).digest()
    for start in range(0, len(toks) - BLOCK + 1, BLOCK):
        h = hashlib.blake2b(h + "\x1f".join(toks[start:start + BLOCK]).encode(), digest_size=16).digest()
        out.append(h)
    return out


class PrefixCache:
    """The blocks a server has seen; count() says how many of a request's prompt tokens it would compute. Thread-safe."""

    def __init__(self) -> None:
        self._seen: set[bytes] = set()
        self._lock = threading.Lock()

    def count(self, model: str, messages: list[Any]) -> tuple[int, int]:
        """(prompt tokens, uncached prompt tokens) of one request, then remember its blocks."""
        toks = tokens(chat_text(messages))
        hashes = block_hashes(model, toks)  # the costly part, outside the lock
        with self._lock:
            hit = 0
            while hit < len(hashes) and hashes[hit] in self._seen:
                hit += 1
            self._seen.update(hashes[hit:])
        return len(toks), len(toks) - hit * BLOCK
