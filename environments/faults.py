"""Fault injection for the apps, as Archipelago's middleware does: timeouts, rate limits, permission errors, bad replies.

At the configured rate a tool call fails in one of the chosen ways instead of running. The choice
comes from one seeded random generator, so a run with the same seed meets the same faults. Session
control (reset, export_state, submit_answer) is never faulted: a grader's or harness's own calls
must not fail as if the agent had.
"""

from __future__ import annotations

import asyncio
import random

from fastmcp.exceptions import ToolError
from fastmcp.server.middleware import Middleware
from fastmcp.tools.base import ToolResult
from mcp.types import TextContent
from pydantic import BaseModel, Field

KINDS = ("timeout", "rate_limit", "permission", "malformed")
EXEMPT = {"reset", "export_state", "submit_answer"}


class FaultConfig(BaseModel):
    """How often the apps fail, and how."""

    rate: float = Field(0.0, ge=0.0, le=1.0, description="share of tool calls that fail")
    kinds: list[str] = Field(default_factory=lambda: list(KINDS))
    seed: int = 0
    timeout_s: float = Field(0.2, ge=0.0, description="how long a timed-out call hangs before failing")


class FaultInjection(Middleware):
    """Fail a share of tool calls with a timeout, a rate limit, a permission error or a malformed reply."""

    def __init__(self, config: FaultConfig):
        unknown = sorted(set(config.kinds) - set(KINDS))
        if unknown:
            raise ValueError(f"unknown fault kinds {unknown}; choose from {', '.join(KINDS)}")
        self.config = config
        self.random = random.Random(config.seed)
        self.injected: list[tuple[str, str]] = []

    async def on_call_tool(self, context, call_next):
        name = context.message.name
        if name in EXEMPT or not self.config.kinds or self.random.random() >= self.config.rate:
            return await call_next(context)
        kind = self.random.choice(self.config.kinds)
        self.injected.append((name, kind))
        if kind == "timeout":
            await asyncio.sleep(self.config.timeout_s)
            raise ToolError(f"timeout: {name} did not answer within {self.config.timeout_s:g} s; try again")
        if kind == "rate_limit":
            raise ToolError(f"429 rate limit exceeded for {name}; wait a moment and retry")
        if kind == "permission":
            raise ToolError(f"403 permission denied: {name} is not available to this account right now")
        return ToolResult(content=[TextContent(type="text", text='{"result": [{"message_id": "\\u0000')])
