"""The offline backend: dispatch by output type, determinism, and the Backend protocol."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import BaseModel

from worldsmith.generators.backends.base import Backend
from worldsmith.generators.backends.offline import OfflineBackend
from tests.generators.context_fixture import document_context, email_context, sheet_context
from worldsmith.worlds.content import DocumentContent, EmailContent, SheetContent


def test_offline_backend_returns_the_requested_type():
    backend = OfflineBackend()
    assert isinstance(asyncio.run(backend.generate(email_context(), EmailContent)), EmailContent)
    assert isinstance(asyncio.run(backend.generate(document_context(), DocumentContent)), DocumentContent)
    assert isinstance(asyncio.run(backend.generate(sheet_context(), SheetContent)), SheetContent)


def test_offline_backend_is_deterministic():
    backend = OfflineBackend()
    ctx = email_context("reply", seed=42)
    assert asyncio.run(backend.generate(ctx, EmailContent)) == asyncio.run(backend.generate(ctx, EmailContent))


def test_offline_backend_refuses_other_types():
    class Other(BaseModel):
        x: int = 0

    with pytest.raises(TypeError):
        asyncio.run(OfflineBackend().generate(email_context(), Other))


def test_offline_backend_satisfies_the_protocol():
    backend: Backend = OfflineBackend()
    assert backend.name == "offline" and backend.model == "composer-1"
    assert asyncio.iscoroutinefunction(backend.generate)
