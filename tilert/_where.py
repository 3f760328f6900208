"""Where in the user's code something happened: the first frame outside tilert."""

from __future__ import annotations

import os
import sys
from functools import lru_cache

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def user_callsite() -> str:
    """``file:line`` of the innermost caller that is not tilert's own code."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not _inside_tilert(filename):
            return f"{_short(filename)}:{frame.f_lineno}"
        frame = frame.f_back  # type: ignore[assignment]
    return "<unknown>"


@lru_cache(maxsize=4096)
def _inside_tilert(filename: str) -> bool:
    """Cached: this runs for every frame of every launch (the launch-overhead hot path)."""
    return os.path.abspath(filename).startswith(_PACKAGE_DIR)


@lru_cache(maxsize=4096)
def _short(filename: str) -> str:
    """A path relative to the working directory when that is shorter, as tracebacks read best."""
    try:
        rel = os.path.relpath(filename)
    except ValueError:
        return filename
    return rel if len(rel) < len(filename) else filename
