"""Which graph, if any, is being captured in this context (allocation and sync are refused).
A context variable, so that one asyncio task capturing a graph does not affect another."""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any

_graph: ContextVar[Any] = ContextVar("tilert_capturing", default=None)


def capturing() -> Any | None:
    """The Graph being captured in this task or thread, or None."""
    return _graph.get()


def set_capturing(graph: Any | None) -> Token[Any]:
    """Start (or end, with None) a capture; returns the token that undoes it."""
    return _graph.set(graph)


def end_capturing(token: Token[Any]) -> None:
    _graph.reset(token)


def refuse_in_capture(action: str) -> None:
    g = _graph.get()
    if g is not None:
        raise RuntimeError(
            f"cannot {action} while capturing a graph (started at {g.where}): "
            "allocate before `with tr.graph()` and sync after it"
        )
