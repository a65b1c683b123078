"""The OpenAI-compatible backend: one door to any chat-completions server, structured, retried, cached, counted.

A call goes: cache lookup (by the key of the initial request) -> HTTP with our own retry loop
(429 honouring Retry-After and halving the concurrency limit, which grows back as calls succeed (AIMD);
5xx, timeouts, dropped connections; 4xx fails fast) -> parse and validate
-> re-ask with the error shown, at most `reasks` times -> cache the validated content.
Structured output degrades once per backend: json_schema (strict) -> json_object -> schema in prompt.
The API key is held as a secret and scrubbed from every message built from a server's answer.

A slow or hostile server is bounded three ways. The read timeout (`timeout`) applies to each read from the
socket, not to the whole answer, so a server that trickles a byte a minute never trips it: one artifact's
calls, retries and re-asks included, must end within `artifact_deadline`, and all of a run's calls within
`run_deadline` from its first; past either, that artifact fails like any other (the engine's failure policy
decides what the world does), and every call after the run's deadline fails at once. Time an artifact waits
for a concurrency slot is given back to it (the server is answering others then). And no answer's body is
read past bounded_http.MAX_BODY_BYTES.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
import os
import random
import re
import time
from typing import Any, NamedTuple, TypeVar

import openai
from pydantic import BaseModel, SecretStr, ValidationError

from worldsmith.generators.backends.base import ARTIFACT_DEADLINE, RUN_DEADLINE
from worldsmith.generators.backends.bounded_http import MAX_BODY_BYTES, AnswerTooLarge, bounded_client, http_library
from worldsmith.generators.backends.cache import (ResponseCache, json_string, key_for, messages_json, share,
                                                  shared_json)
from worldsmith.generators.backends.limit import AdaptiveLimit
from worldsmith.generators.backends.usage import KindUsage, Usage, estimate_tokens
from worldsmith.generators.backends.wire import Redirected, Wire, wire_for
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.expansion import ExpansionContext
from worldsmith.generators.prompts import MODES, PROMPT_VERSION, output_schema, reask_message, render_messages
from worldsmith.worlds import kinds
from worldsmith.worlds.errors import ModelError
from worldsmith.worlds.values import NUMBER, parse_number

T = TypeVar("T", bound=BaseModel)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# The order in which structured output degrades on a server that refuses a response_format.
_FALLBACK = {"json_schema": "json_object", "json_object": "prompt"}
_RETRY_STATUS = {408, 409, 429}
# What one answer may hold: a long document's prose is tens of KB and no list a schema asks for passes 500 (a
# sheet's rows); an answer past these is refused unread and re-asked (a model repeating every list 2,000 times
# kept generate busy for minutes, and each re-ask sent the whole answer back).
MAX_ANSWER_CHARS = 1024 * 1024
MAX_LIST_ITEMS = 1000
_ECHO_CHARS = 2000  # what of a refused over-long answer goes back to the model with the re-ask
# The deadline of the artifact the running task asks for, and the latest it may be put back to (the run's end):
# time spent waiting for a concurrency slot is not the server's, so the deadline stops for it (_pause_deadline).
_DEADLINE: contextvars.ContextVar[tuple[asyncio.Timeout, float | None] | None] = contextvars.ContextVar(
    "worldsmith_model_deadline", default=None)
_BEARER = re.compile(r"(?i)bearer\s+[^\s\"',;]+")
_SK = re.compile(r"sk-[A-Za-z0-9_\-]{6,}")


class OpenAIBackend:
    """A Backend over any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, llama.cpp, LiteLLM)."""

    name = "openai"
    prompt_version = PROMPT_VERSION

    def __init__(self, model: str, base_url: str | None = None, api_key: str | None = None, *,
                 concurrency: int = 16, timeout: float = 60.0, max_attempts: int = 6, reasks: int = 2,
                 temperature: float = 0.7, max_tokens: int | None = None, mode: str = "auto",
                 cache: ResponseCache | None = None, usage: Usage | None = None,
                 backoff_base: float = 0.5, backoff_cap: float = 20.0, retry_after_cap: float = 60.0,
                 artifact_deadline: float | None = ARTIFACT_DEADLINE, run_deadline: float | None = RUN_DEADLINE,
                 max_body_bytes: int = MAX_BODY_BYTES):
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; use one of {', '.join(MODES)}")
        if max_attempts < 1 or reasks < 0 or concurrency < 1:
            raise ValueError("max_attempts and concurrency must be at least 1, reasks at least 0")
        if any(d is not None and d < 0 for d in (artifact_deadline, run_deadline)) or max_body_bytes < 1:
            raise ValueError("deadlines must be positive (0 or None: none) and max_body_bytes at least 1")
        self.model = model
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        # Local servers take any key, but the client insists on one.
        self._api_key = SecretStr(api_key or os.environ.get("OPENAI_API_KEY") or "not-needed")
        self.concurrency = concurrency
        self.timeout = timeout
        self.max_attempts = max_attempts
        self.reasks = reasks
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.mode = mode
        self.cache = cache
        self.usage = usage if usage is not None else Usage(model=model)
        if self.usage.model is None:
            self.usage.model = model  # the price table is looked up by this name
        self.backoff_base = backoff_base
        self.backoff_cap = backoff_cap
        self.retry_after_cap = retry_after_cap
        self.artifact_deadline = artifact_deadline or None  # 0: none
        self.run_deadline = run_deadline or None
        self.max_body_bytes = max_body_bytes
        self._run_started: float | None = None  # the run's clock starts at its first call
        # What this backend actually sends; in auto mode it degrades once a server refuses a format.
        self.wire_mode = "json_schema" if mode == "auto" else mode
        self._jitter = random.Random()  # backoff jitter only: never touches content
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: openai.AsyncOpenAI | None = None
        self._limit: AdaptiveLimit | None = None
        self._headers: Any = None  # a request's headers (httpx Headers) and URL, made once per client (_post)
        self._url = ""
        self._sent_as: tuple[Any, ...] | None = None  # (the httpx client, its URL, headers, timeout): _build
        self._wire: Wire | None = None  # the plain path of the client _wire_of (None: httpx sends every request)
        self._wire_of: Any = None

    def __repr__(self) -> str:
        return f"OpenAIBackend(model={self.model!r}, base_url={self.base_url!r}, mode={self.mode!r})"

    # -- plumbing ---------------------------------------------------------------------------------

    def _bind(self) -> tuple[openai.AsyncOpenAI, AdaptiveLimit]:
        """The client and the concurrency limit of the running event loop (made on first use in it)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            # A client's connection pool and a semaphore belong to one loop: a new asyncio.run needs new ones.
            self._loop = loop
            self._client = openai.AsyncOpenAI(base_url=self.base_url, api_key=self._api_key.get_secret_value(),
                                              max_retries=0, timeout=self.timeout,
                                              http_client=bounded_client(self.max_body_bytes,
                                                                         pools=max(1, self.concurrency // 16)))
            self._limit = AdaptiveLimit(self.concurrency)  # halves on 429s, grows back as calls succeed
            self._headers = None
            self._wire, self._wire_of = None, None  # a wire's connections belong to the loop that opened them
        assert self._client is not None and self._limit is not None
        return self._client, self._limit

    @property
    def limit(self) -> AdaptiveLimit | None:
        """The adaptive concurrency limit of the loop last used (None before the first call)."""
        return self._limit

    async def aclose(self) -> None:
        """Close the HTTP client of the current loop (the engine does, at the end of every run: a client's
        connections belong to the loop that made them and would be left open when it ends)."""
        if self._wire is not None:
            await self._wire.aclose()
            self._wire, self._wire_of = None, None
        if self._client is not None:
            await self._client.close()
            self._client = None
            self._loop = None

    def scrub(self, text: str) -> str:
        """Text with the API key and any bearer token or sk- key replaced by ***."""
        secret = self._api_key.get_secret_value()
        if secret:
            text = text.replace(secret, "***")
        return _SK.sub("sk-***", _BEARER.sub("Bearer ***", text))

    def _fail(self, message: str, retryable: bool, request_id: str | None = None,
              systemic: bool = False) -> ModelError:
        return ModelError(self.scrub(message), retryable=retryable, request_id=request_id, systemic=systemic)

    def _server_message(self, exc: openai.APIStatusError) -> str:
        """The server's own words about an error, scrubbed and short."""
        body = exc.body
        text = ""
        if isinstance(body, dict):
            err = body.get("error", body)
            text = err.get("message", "") if isinstance(err, dict) else str(err)
        text = text or getattr(exc, "message", "") or str(exc)
        text = " ".join(self.scrub(str(text)).split())
        return text[:300]

    def _backoff(self, attempt: int) -> float:
        """Full-jitter exponential backoff: uniform in [0, min(cap, base * 2^(attempt-1))]."""
        return self._jitter.uniform(0, min(self.backoff_cap, self.backoff_base * 2 ** (attempt - 1)))

    def _retry_after(self, exc: openai.APIStatusError) -> float | None:
        """The server's Retry-After (seconds, or retry-after-ms), capped; None when absent or unreadable."""
        headers = exc.response.headers
        for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            raw = headers.get(name)
            if raw is None:
                continue
            try:
                value = float(raw) * scale
            except ValueError:
                continue  # an HTTP date: rare from model servers, and our backoff is a fine stand-in
            return max(0.0, min(self.retry_after_cap, value))
        return None

    def _request(self, messages: list[dict[str, str]], output_type: type[BaseModel], wire_mode: str,
                 seed: int | None) -> dict[str, Any]:
        """The chat-completions request body for one attempt."""
        request: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if self.max_tokens is not None:
            request["max_tokens"] = self.max_tokens
        if seed is not None:
            request["seed"] = seed
        if wire_mode in ("json_schema", "json_object"):
            request["response_format"] = _response_format(output_type, wire_mode)
        return request

    # -- one HTTP request, retried ------------------------------------------------------------------

    async def _complete(self, build: Any, stats: KindUsage) -> tuple[Answer, dict[str, Any]]:
        """One completion and the request that got it, retried on transient failures.

        `build()` gives the request for the current wire mode, which a refused format changes. The request goes
        through the openai client's own post (its headers, auth, timeouts and status errors) as the JSON body we
        built, and the answer is read from the response's JSON: the typed `chat.completions.create` walked every
        request through its params transformer and built a ChatCompletion model of every answer, a quarter of
        the client's CPU per call, for the five fields we read (Answer).
        """
        client, limit = self._bind()
        attempt = 0
        while True:
            attempt += 1
            request = build()
            failure: tuple[str, bool] | None = None  # (message, retryable): raised outside `except`, unchained
            delay = None
            request_id = None
            status = None
            try:
                # The slot is held for the request only: a call that waits out a backoff below holds none.
                paused = _pause_deadline()
                async with limit.slot() as slot:
                    _resume_deadline(paused)
                    stats.calls += 1
                    try:
                        response = await self._post(client, request)
                    except openai.APIStatusError as exc:
                        if exc.status_code == 429:
                            slot.throttled()
                        raise
                    slot.succeeded()
                return _answer_of(response), request
            except openai.APIStatusError as exc:
                status = exc.status_code
                said = self._server_message(exc)
                request_id = exc.request_id
                if status in _RETRY_STATUS or status >= 500:
                    delay = self._retry_after(exc)
                    failure = (f"HTTP {status}: {said}", True)
                elif status == 400 and "response_format" in request and self._refuses_format(said):
                    refused = request["response_format"]["type"]
                    if self.mode == "auto":
                        # Calls in flight may all be refused the same format: step down from that
                        # format once, never twice because several of them report it.
                        if self.wire_mode == refused:
                            self.wire_mode = _FALLBACK.get(refused, "prompt")
                        attempt -= 1  # a change of format, not a retry
                        continue
                    failure = (f"the server at {self.base_url} does not support response_format "
                               f"{refused!r} (400): {said}; use mode 'auto' or 'prompt'", False)
                elif status == 401:
                    failure = (f"the server at {self.base_url} refused the API key (401): {said}", False)
                elif status == 403:
                    failure = (f"the server at {self.base_url} denied access to model {self.model!r} (403): {said}",
                               False)
                elif status == 404:
                    failure = (f"model {self.model!r} not found at {self.base_url} (404): {said}", False)
                else:
                    failure = (f"the server at {self.base_url} rejected the request ({status}): {said}", False)
            except openai.APITimeoutError:
                failure = (f"no answer within {self.timeout:g} s", True)
            except AnswerTooLarge as exc:
                failure = self._too_large(exc)
            except openai.APIConnectionError as exc:
                if isinstance(exc.__cause__, AnswerTooLarge):  # an openai that wraps every exception of a send
                    failure = self._too_large(exc.__cause__)
                else:
                    failure = (f"connection to {self.base_url} failed: {type(exc.__cause__ or exc).__name__}", True)
            except (ValueError, RecursionError) as exc:
                # A body that is not UTF-8 (or whose bytes read as another encoding) or JSON nested beyond
                # Python's recursion: the client could not read the answer; asked again, then the artifact fails.
                failure = (f"the server at {self.base_url} sent an answer that is not readable JSON "
                           f"({type(exc).__name__})", True)
            message, retryable = failure
            if not retryable:
                # Auth, model and format refusals say nothing about this artifact: every call would get them.
                systemic = status in (401, 403, 404) or "response_format" in message
                raise self._fail(message, False, request_id, systemic) from None
            if attempt >= self.max_attempts:
                raise self._fail(f"{self.model!r} at {self.base_url}: gave up after {attempt} attempts; "
                                 f"last: {message}", True, request_id) from None
            stats.retries += 1
            await asyncio.sleep(delay if delay is not None else self._backoff(attempt))

    async def _post(self, client: openai.AsyncOpenAI, request: dict[str, Any]) -> Any:
        """POST one chat-completions request on the openai client's own HTTP client (its connection pools, body cap,
        headers and timeout), raising what the openai client's post raises: the status error of the answer's status
        (APIStatusError and its kinds), APITimeoutError, APIConnectionError; AnswerTooLarge as it is.

        Not through client.post: its options model, copies, idempotency key, auth hooks and header merge were a
        quarter of the client's CPU per call for a request whose headers are the same every time (made once, by
        the client itself: its default and auth headers, as its post sends them).

        Where the client is the plain one _bind makes (no proxy, cookie or query parameter), the request goes as
        HTTP/1.1 bytes on asyncio's transports (wire.py: the same bytes, a sixth of httpx's CPU per call); an answer
        that redirects goes again through httpx, which follows it."""
        http, lib = client._client, http_library()
        if self._headers is None:
            # httpx's Headers, which show the Authorization value as [secure] in any repr of the backend
            self._headers = lib.Headers({**{k: v for k, v in client.default_headers.items() if isinstance(v, str)},
                                         **client.auth_headers, "x-stainless-retry-count": "0",
                                         "x-stainless-read-timeout": f"{self.timeout:g}"})
            self._url = f"{str(client.base_url).rstrip('/')}/chat/completions"
            self._sent_as = None
            self._wire_of = None  # its head carries these headers: made again with them
        body = request_json(request).encode("utf-8")
        if self._wire_of is not http:
            self._wire_of, self._wire = http, wire_for(http, self._url, self._headers, self.timeout,
                                                       self.max_body_bytes)
        if self._wire is not None:
            try:
                reply = await self._wire.post(body)
            except Redirected:
                reply = None  # httpx follows it (below)
            except lib.TimeoutException as exc:
                raise openai.APITimeoutError(request=self._build(http, lib, body)) from exc
            except (AnswerTooLarge, openai.OpenAIError):
                raise
            except Exception as exc:  # noqa: BLE001 - as openai's post wraps every other failure of a send
                raise openai.APIConnectionError(request=self._build(http, lib, body)) from exc
            if reply is not None:
                if reply.status >= 400:
                    response = lib.Response(reply.status, headers=reply.raw, content=reply.content,
                                            request=self._build(http, lib, body))
                    raise client._make_status_error_from_response(response) from None
                return reply
        sent = self._build(http, lib, body)
        try:
            response = await http.send(sent)
        except lib.TimeoutException as exc:
            raise openai.APITimeoutError(request=sent) from exc
        except (AnswerTooLarge, openai.OpenAIError):
            raise
        except Exception as exc:  # noqa: BLE001 - openai's post wraps every other failure of a send the same way
            raise openai.APIConnectionError(request=sent) from exc
        if response.status_code >= 400:
            raise client._make_status_error_from_response(response) from None
        return response

    def _build(self, http: Any, lib: Any, body: bytes) -> Any:
        """The httpx request http.build_request("POST", url, content=body, headers=..., timeout=...) makes, from the
        URL, headers and timeout it merges with the client's, merged once per client: merging (the client's headers
        and ours into new Headers, each name and value encoded and checked again, the URL joined to the base URL,
        the timeout made) was a seventh of the client's HTTP CPU per call, for the same result every time. Where the
        client holds cookies (a server set one) or query parameters, its build_request merges them, as ever."""
        if http.cookies or http.params:
            return http.build_request("POST", self._url, content=body, headers=self._headers, timeout=self.timeout)
        if self._sent_as is None or self._sent_as[0] is not http:
            self._sent_as = (http, http._merge_url(self._url), http._merge_headers(self._headers),
                             lib.Timeout(self.timeout).as_dict())
        _, url, headers, timeout = self._sent_as
        return lib.Request("POST", url, content=body, headers=headers, extensions={"timeout": dict(timeout)})

    def _too_large(self, exc: AnswerTooLarge) -> tuple[str, bool]:
        """An oversized body fails the call at once: a server that sends one sends it again."""
        return (f"the server at {self.base_url} sent {exc}; an answer's body may be at most "
                f"{self.max_body_bytes:,} bytes, uncompressed", False)

    # -- deadlines ----------------------------------------------------------------------------------

    def _budget(self) -> tuple[float | None, str]:
        """Seconds the next artifact's (or question's) calls may take, and the deadline that sets them."""
        now = time.monotonic()
        if self._run_started is None:
            self._run_started = now
        budget, which = self.artifact_deadline, "artifact"
        if self.run_deadline is not None:
            left = max(0.0, self._run_started + self.run_deadline - now)
            if budget is None or left < budget:
                budget, which = left, "run"
        return budget, which

    def _late(self, which: str) -> ModelError:
        """The failure of a call cut off by a deadline: one artifact's (retryable: a rerun asks again)."""
        if which == "run":
            return self._fail(f"the run's deadline for model calls ({self.run_deadline:g} s, run_deadline / "
                              f"--run-deadline) had passed at {self.base_url}; run the same command again: the "
                              "answers already made are cached", True)
        return self._fail(f"no valid answer within the artifact deadline of {self.artifact_deadline:g} s "
                          f"(artifact_deadline / --artifact-deadline), retries included, from {self.model!r} at "
                          f"{self.base_url}", True)

    @staticmethod
    def _refuses_format(said: str) -> bool:
        """Whether a 400's message says the response_format (json_schema / json_object) is not supported."""
        text = said.lower()
        return any(w in text for w in ("response_format", "json_schema", "json_object", "response format"))

    # -- one answer, re-asked until valid -------------------------------------------------------------

    @staticmethod
    def _parse(answer: Answer, output_type: type[T]) -> tuple[T | None, str, str | None]:
        """(content or None, the raw text, the error that makes it unusable or None)."""
        if answer.text is None:
            return None, "", "the server's answer held no message"
        text, refusal = answer.text, answer.refusal
        if answer.finish == "length":
            return None, text, "the answer was cut off at the token limit (finish_reason length); answer shorter"
        if not text and refusal:
            return None, text, f"the model refused: {' '.join(str(refusal).split())[:200]}"
        if len(text) > MAX_ANSWER_CHARS:
            return None, text[:_ECHO_CHARS], (f"the answer is {len(text):,} characters, over the limit of "
                                              f"{MAX_ANSWER_CHARS:,}; answer shorter")
        data, why = _json_in(text)
        if why is not None:
            return None, text, why
        longest = _longest_list(data)
        if longest > MAX_LIST_ITEMS:
            return None, text[:_ECHO_CHARS], (f"a list of {longest:,} items, over the limit of {MAX_LIST_ITEMS:,}; "
                                              "give each item once")
        try:
            return _validate_leniently(data, output_type), text, None
        except RecursionError:
            return None, text, "not usable JSON (nested too deeply)"
        except ValidationError as exc:
            problems = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:4]]
            more = f" (+{exc.error_count() - 4} more)" if exc.error_count() > 4 else ""
            return None, text, f"does not match the {output_type.__name__} schema: " + "; ".join(problems) + more

    def _tokens(self, answer: Answer, messages: list[dict[str, str]], text: str, stats: KindUsage) -> tuple[int, int]:
        tin, tout = answer.tokens_in, answer.tokens_out
        if tin is None or tout is None:
            stats.estimated = True
            tin = estimate_tokens("".join(m["content"] for m in messages)) if tin is None else tin
            tout = estimate_tokens(text) if tout is None else tout
        stats.tokens_in += tin
        stats.tokens_out += tout
        return tin, tout

    async def generate(self, context: ArtifactContext | ExpansionContext, output_type: type[T]) -> T:
        """Content of `output_type` for the context: from the cache, or from the server, validated.

        For an artifact whose kind declares prose, the model is asked for that prose only and the kind's
        merge makes the content; what the engine had to fill in is counted and listed in the usage."""
        kind = _kind_of(context)
        stats = self.usage.kind(kind)
        stats.requests += 1
        start = self.usage.started()
        try:
            own = kinds.of(context.spec) if isinstance(context, ArtifactContext) else None
            if own is not None and own.prose is not None and own.merge is not None and output_type is own.content:
                # The model writes the prose only; the engine makes the content from it and its own fields.
                prose = await self._in_time(lambda: self._generate(context, own.prose, stats))
                content, notes = own.merge(context, prose)
                if notes:
                    self.usage.filled_in(kind, context.spec.id, notes)
                return content  # type: ignore[return-value]
            return await self._in_time(lambda: self._generate(context, output_type, stats))
        except ModelError:
            stats.failures += 1
            raise
        finally:
            self.usage.finished(kind, start)

    async def _in_time(self, work: Any) -> Any:
        """`await work()` within the deadline left to it; a ModelError when the deadline cuts it off.

        A cache hit is as fast as ever; the deadline cancels a call in flight, its backoff or its wait on
        another run's answer, and the cancelled call lets go of its slot and its claim on the way out."""
        budget, which = self._budget()
        if budget is not None and budget <= 0:
            raise self._late(which)
        run_end = None
        if self.run_deadline is not None and self._run_started is not None:
            run_end = asyncio.get_running_loop().time() + self._run_started + self.run_deadline - time.monotonic()
        try:
            async with asyncio.timeout(budget) as scope:
                held = _DEADLINE.set((scope, run_end))
                try:
                    return await work()
                finally:
                    _DEADLINE.reset(held)
        except TimeoutError:
            if scope.expired():
                # A deadline put back past a wait for a slot may end at the run's end: say which ended it.
                ended_run = run_end is not None and asyncio.get_running_loop().time() >= run_end - 0.01
                raise self._late("run" if ended_run else which) from None
            raise

    def cache_key(self, context: ArtifactContext | ExpansionContext, output_type: type[BaseModel]) -> str:
        """The key this backend caches the answer for a context under: that of its initial request."""
        return self._first_call(context, output_type)[0]

    def _first_call(self, context: ArtifactContext | ExpansionContext,
                    output_type: type[BaseModel]) -> tuple[str, dict[str, list[dict[str, str]]]]:
        """(the cache key, the messages of the initial request by wire mode): a call renders its prompt once, for
        its key and its first attempt, not once for each (a render is a third of the client's CPU per call)."""
        first_mode = "json_schema" if self.mode == "auto" else self.mode
        messages = render_messages(context, output_type, first_mode)
        request = self._request(messages, output_type, first_mode, _wire_seed(context))
        return key_for({**request, "mode": self.mode, "prompt_version": PROMPT_VERSION}), {first_mode: messages}

    async def _generate(self, context: ArtifactContext | ExpansionContext, output_type: type[T],
                        stats: KindUsage) -> T:
        key, rendered = self._first_call(context, output_type)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                try:
                    content = output_type.model_validate_json(hit)
                    stats.cache_hits += 1
                    return content
                except ValidationError:
                    self.cache.discard(key)  # made under an older content model: ask again
            shared = await self._answer_of_another_run(key, output_type, stats)
            if shared is not None:
                return shared
        try:
            return await self._ask(context, output_type, stats, key, rendered)  # its answer's put lets go of the claim
        except BaseException:
            if self.cache is not None:
                self.cache.release(key)
            raise

    async def _answer_of_another_run(self, key: str, output_type: type[T], stats: KindUsage) -> T | None:
        """None once this process has claimed the request; else the answer another run (or task) is getting.

        Two runs of one world at once would otherwise pay twice for every call. The waiter holds no
        concurrency slot; it asks itself when the other gives up (its marker goes), dies, or takes longer
        than any call of ours could.
        """
        assert self.cache is not None
        deadline = time.monotonic() + max(60.0, self.timeout * self.max_attempts * (self.reasks + 1))
        while not self.cache.claim(key):
            await asyncio.sleep(0.2)
            hit = self.cache.peek(key)
            if hit is not None:
                try:
                    content = output_type.model_validate_json(hit)
                except ValidationError:
                    continue
                stats.cache_hits += 1
                return content
            if time.monotonic() > deadline:
                break
        return None

    async def ask(self, messages: list[dict[str, str]], output_type: type[T], kind: str = "question") -> T:
        """A structured answer to messages the caller built (a judgement, not an artifact): retried, re-asked
        with the error shown, counted under `kind`; never cached (a caller asks again on purpose)."""
        stats = self.usage.kind(kind)
        stats.requests += 1
        return await self._in_time(lambda: self._ask_messages(messages, output_type, stats))

    async def _ask_messages(self, messages: list[dict[str, str]], output_type: type[T], stats: KindUsage) -> T:
        """`ask` without its deadline: the calls and re-asks."""
        tail: list[dict[str, str]] = []
        error, request_id = "", None
        for attempt in range(self.reasks + 1):
            if attempt:
                stats.reasks += 1
            answer, request = await self._complete(
                lambda: self._request(messages + tail, output_type, self.wire_mode, None), stats)
            request_id = answer.request_id
            content, text, error = self._parse(answer, output_type)
            self._tokens(answer, request["messages"], text, stats)
            if content is not None:
                return content
            tail += [{"role": "assistant", "content": text}, reask_message(error, output_type)]
        raise self._fail(f"{self.model!r} at {self.base_url}: could not get a valid {output_type.__name__} "
                         f"after {self.reasks + 1} tries: {error}", False, request_id)

    async def _ask(self, context: ArtifactContext | ExpansionContext, output_type: type[T], stats: KindUsage,
                   key: str, rendered: dict[str, list[dict[str, str]]]) -> T:
        """Ask the server, re-asking with the validation error, and cache the first valid answer.

        `rendered` holds the messages already rendered by wire mode; a mode not in it is rendered when needed."""
        seed = _wire_seed(context)
        tail: list[dict[str, str]] = []  # the re-ask exchange, kept across a change of wire mode
        spent = [0, 0]
        error = ""
        for attempt in range(self.reasks + 1):
            if attempt:
                stats.reasks += 1

            def build() -> dict[str, Any]:
                if self.wire_mode not in rendered:
                    rendered[self.wire_mode] = render_messages(context, output_type, self.wire_mode)
                messages = rendered[self.wire_mode] + tail
                return self._request(messages, output_type, self.wire_mode, seed)

            answer, request = await self._complete(build, stats)
            request_id = answer.request_id
            sent = request["messages"]
            content, text, error = self._parse(answer, output_type)
            tin, tout = self._tokens(answer, sent, text, stats)
            spent[0] += tin
            spent[1] += tout
            if content is not None:
                if self.cache is not None:
                    self.cache.put(key, content.model_dump_json(),
                                   {"tokens_in": spent[0], "tokens_out": spent[1], "model": self.model}, release=True)
                return content
            tail += [{"role": "assistant", "content": text}, reask_message(error, output_type)]
        raise self._fail(f"{self.model!r} at {self.base_url}: could not get a valid {output_type.__name__} "
                         f"after {self.reasks + 1} tries: {error}", False, request_id)


@functools.lru_cache(maxsize=None)
def _response_format(output_type: type[BaseModel], wire_mode: str) -> dict[str, Any]:
    """The response_format of a wire mode: one object per output type, shared by all its requests (not to be changed),
    so that its JSON is written once for all of them (cache.shared_json) rather than parsed and written per call."""
    if wire_mode == "json_schema":
        return share({"type": "json_schema", "json_schema": {"name": output_type.__name__,
                                                             "schema": output_schema(output_type), "strict": True}})
    return share({"type": "json_object"})


def request_json(request: dict[str, Any]) -> str:
    """A request's body as JSON (json.dumps(request, ensure_ascii=False, separators=(",", ":"))), written from its
    messages' texts and its shared response_format as the cache key is (cache.messages_json, cache.shared_json)."""
    parts = []
    for k, v in request.items():
        text = None
        if k == "messages" and type(v) is list:
            text = messages_json(v, canonical=False)
        elif k == "response_format":
            held = shared_json(v)
            text = None if held is None else held[1]
        parts.append(f"{json_string(k)}:{json.dumps(v, ensure_ascii=False, separators=(',', ':')) if text is None else text}")
    return "{" + ",".join(parts) + "}"


def _pause_deadline() -> tuple[asyncio.Timeout, float, float | None, float] | None:
    """Stop the running artifact's deadline while it waits for a concurrency slot (the run's end still holds):
    under a limit cut by 429s, calls queue behind each other on a server that answers, and the deadline is for
    a server that does not. What `_resume_deadline` needs to start it again; None when there is none to stop."""
    held = _DEADLINE.get()
    if held is None:
        return None
    scope, latest = held
    when = scope.when()
    if when is None or scope.expired():
        return None
    scope.reschedule(latest)
    return scope, when, latest, asyncio.get_running_loop().time()


def _resume_deadline(paused: tuple[asyncio.Timeout, float, float | None, float] | None) -> None:
    """Start a paused deadline again, put back by the time the wait took (never past the run's end)."""
    if paused is None:
        return
    scope, when, latest, since = paused
    if scope.expired():
        return
    later = when + asyncio.get_running_loop().time() - since
    scope.reschedule(later if latest is None else min(later, latest))


# -- lenient reading: coercions whose meaning is unambiguous; anything else is re-asked -----------

_FENCED = re.compile(r"```(?:json)?[^\n]*\n(.*?)\n?```", re.DOTALL)
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SPELLED_NUMBER = re.compile(rf"^[+-]?(?:{NUMBER})$")  # '1,250,000' where a number belongs


def _json_in(text: str) -> tuple[Any, str | None]:
    """The JSON value an answer holds: the whole text, else a fenced block, else the outermost {...}.

    Models like to wrap JSON in a fence or a sentence ("Sure! Here is..."); the wrapping carries no
    meaning, so it is not worth a re-ask. Text with no JSON object in it is.
    """
    raw = text.strip()
    candidates = [raw]
    candidates += [m.group(1) for m in _FENCED.finditer(raw)]
    if "{" in raw and "}" in raw:
        candidates.append(raw[raw.index("{"): raw.rindex("}") + 1])
    first_error = None
    for candidate in candidates:
        try:
            return json.loads(candidate), None
        except json.JSONDecodeError as exc:
            first_error = first_error or f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        except RecursionError:  # no schema of ours nests more than a few levels
            first_error = first_error or "not usable JSON (nested too deeply)"
    return None, first_error or "not valid JSON (empty answer)"


def _longest_list(value: Any) -> int:
    """The length of the longest list anywhere in a JSON value (walked without recursion)."""
    longest, stack = 0, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            longest = max(longest, len(v))
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return longest


def _clean_strings(value: Any) -> Any:
    """Lone UTF-16 surrogates (valid JSON escapes, not text any file can hold) as U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_clean_strings(v) for v in value]
    if isinstance(value, dict):
        return {_clean_strings(k): _clean_strings(v) for k, v in value.items()}
    return value


def _validate_leniently(data: Any, output_type: type[T]) -> T:
    """`output_type` from `data`, after the coercions whose meaning is unambiguous.

    - lone surrogates become U+FFFD;
    - fields the type does not have are dropped (a model's "confidence" or "reasoning" extras);
    - a number spelled as a string with thousands separators ("1,234.50") where the type wants a
      number is read as that number.
    Anything else (a missing required field, a string too long, a wrong type) raises, and is re-asked.
    """
    data = _clean_strings(data)
    for _ in range(3):
        try:
            return output_type.model_validate(data)
        except ValidationError as exc:
            fixes = [_fix_for(e) for e in exc.errors()]
            if not fixes or any(f is None for f in fixes):
                raise
            for loc, action in fixes:  # type: ignore[misc]
                data = _apply(data, loc, action)
    return output_type.model_validate(data)


def _fix_for(error: dict) -> tuple[tuple, Any] | None:
    """(location, action) for an error a coercion can fix, else None."""
    if error["type"] == "extra_forbidden":
        return tuple(error["loc"]), _DROP_FIELD
    if error["type"] in ("float_parsing", "int_parsing", "int_from_float") and isinstance(error.get("input"), str):
        text = error["input"].strip()
        if _SPELLED_NUMBER.match(text):
            number = float(parse_number(text))
            return tuple(error["loc"]), int(number) if number.is_integer() and error["type"] != "float_parsing" else number
    return None


_DROP_FIELD = object()


def _apply(data: Any, loc: tuple, action: Any) -> Any:
    """`data` with the value at `loc` dropped or replaced (pydantic locations: keys and list indexes)."""
    if not loc:
        return data
    node = data
    for part in loc[:-1]:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return data  # a union member's location that is not in the data: leave it to the re-ask
    last = loc[-1]
    try:
        if action is _DROP_FIELD:
            if isinstance(node, dict):
                node.pop(last, None)
        else:
            node[last] = action
    except (KeyError, IndexError, TypeError):
        pass
    return data


class Answer(NamedTuple):
    """What the backend reads of a chat completion: the first choice's text (None: the answer held no message),
    why it finished, a refusal, the token counts the server gave (None: not given) and the server's id for it."""

    text: str | None
    finish: str | None = None
    refusal: str | None = None
    tokens_in: int | None = None
    tokens_out: int | None = None
    request_id: str | None = None


def _answer_of(response: Any) -> Answer:
    """The Answer in a chat-completions response (an httpx Response with its body read).

    A body that is not JSON raises ValueError (or RecursionError), as openai's own reading did, unless the server
    did not call it JSON: then, as with openai, it is an answer without a message (re-asked). Fields of the wrong
    shape count as absent."""
    json_type = response.headers.get("content-type", "*").split(";")[0].endswith("json")
    try:
        data = json.loads(response.content)
    except (ValueError, RecursionError):
        if json_type:
            raise
        data = None
    data = data if isinstance(data, dict) else {}
    rid = response.headers.get("x-request-id") or data.get("id")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    choices = data.get("choices")
    choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else {}
    message = choice.get("message")
    text = refusal = None
    if isinstance(message, dict):
        content = message.get("content")
        text = content if isinstance(content, str) else "" if content is None else None
        refusal = message.get("refusal") if isinstance(message.get("refusal"), str) else None
    return Answer(text=text, finish=choice.get("finish_reason") if isinstance(choice.get("finish_reason"), str) else None,
                  refusal=refusal, tokens_in=_count(usage.get("prompt_tokens")),
                  tokens_out=_count(usage.get("completion_tokens")), request_id=str(rid) if rid else None)


def _count(value: Any) -> int | None:
    """A token count as the server gave it, or None when it gave none (or not a whole number)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _kind_of(context: ArtifactContext | ExpansionContext) -> str:
    """The accounting kind of a call: expand, repair, or the artifact's kind."""
    if isinstance(context, ExpansionContext):
        return "expand"
    return "repair" if context.repair else context.spec.kind


def _wire_seed(context: ArtifactContext | ExpansionContext) -> int:
    # Context seeds are 64-bit; servers take a signed 32- or 64-bit seed, so fold it into 31 bits.
    return context.seed % (2 ** 31)

