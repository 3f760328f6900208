"""Shared fixtures: GPU tests skip cleanly where there is no usable GPU backend; ``cutile`` and
``interpreter`` pick the backend for a test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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


def pytest_configure(config: pytest.Config) -> None:
    """``TILERT_CUTILE_TYPECHECK=1``: every interpreter launch is also compiled by cuTile's
    front end (tests/support/cutile_typecheck.py), where cuda.tile imports. ``=gpu`` also
    stands that checked interpreter in for the missing ``cutile`` backend, so the GPU tests'
    kernels are compiled too (a preflight before the GPU: their results are the interpreter's,
    so they prove nothing of the GPU's numbers)."""
    import os

    mode = os.environ.get("TILERT_CUTILE_TYPECHECK")
    if mode not in ("1", "gpu"):
        return
    from tests.support.cutile_typecheck import typecheck
    from tilert import backends
    from tilert.interpret.backend import InterpretBackend

    run = InterpretBackend.launch

    def launch(self: InterpretBackend, kernel: Any, args: Any, grid: Any, stream: Any) -> None:
        typecheck(kernel, args)
        run(self, kernel, args, grid, stream)

    InterpretBackend.launch = launch  # type: ignore[method-assign]
    if mode == "gpu":

        class CheckedInterpreter(InterpretBackend):
            name = "cutile"

        backends.register("cutile", CheckedInterpreter, lambda: None, preference=1)
