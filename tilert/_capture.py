"""Which graph, if any, is being captured on this thread (allocation and sync are refused)."""

from __future__ import annotations

import threading
from typing import Any

_state = threading.local()


def capturing() -> Any | None:
    """The Graph being captured on this thread, or None."""
    return getattr(_state, "graph", None)


def set_capturing(graph: Any | None) -> None:
    _state.graph = graph


def refuse_in_capture(action: str) -> None:
    g = capturing()
    if g is not None:
        raise RuntimeError(
            f"cannot {action} while capturing a graph (started at {g.where}): "
            "allocate before `with tr.graph()` and sync after it"
        )
