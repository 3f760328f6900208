"""Shared fixtures: GPU tests skip cleanly where there is no usable GPU backend; ``cutile`` and
``interpreter`` pick the backend for a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def _gpu_reason() -> str | None:
    from tilert import backends

    return backends.unavailable_reason("cutile")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = None
    for item in items:
        if "gpu" in item.keywords:
            reason = reason or _gpu_reason()
            if reason:
                item.add_marker(pytest.mark.skip(reason=f"no GPU backend: {reason}"))


def _backend(monkeypatch: pytest.MonkeyPatch, name: str) -> Iterator[None]:
    """TILERT_BACKEND=name for one test (the backend choice is cached: cleared around it)."""
    from tilert import backends

    monkeypatch.setenv("TILERT_BACKEND", name)
    backends.current.cache_clear()
    yield
    backends.current.cache_clear()


@pytest.fixture
def cutile(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from _backend(monkeypatch, "cutile")


@pytest.fixture
def interpreter(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The numpy interpreter, even on a machine with a GPU."""
    yield from _backend(monkeypatch, "interpret")
