"""Helpers the test folders share: the repository's paths, a test file's marked lines, and the
kernels several tests launch (``tests.support.kernels``, ``tests.support.cutile_kernels``)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
BENCHMARKS = REPO / "benchmarks"


def lines_in(path: str) -> Callable[[str], int]:
    """``line_of(marker)`` for the file at ``path``: the 1-based line where ``marker`` stands
    (a line that calls ``line_of`` itself does not count), so tests name lines, not numbers."""

    def line_of(marker: str) -> int:
        with open(path) as f:
            for number, text in enumerate(f, 1):
                if marker in text and "line_of(" not in text:
                    return number
        raise AssertionError(marker)

    return line_of


def benchmark(name: str) -> ModuleType:
    """The benchmark script ``benchmarks/<name>.py`` as a module (their kernels run under the
    interpreter too); the folder is on ``sys.path`` only while it and its imports load."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))
