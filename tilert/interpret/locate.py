"""Errors raised inside a kernel body, reported at the kernel's own line.

The statement at fault is the innermost traceback frame that is user code (the kernel or a
``@tr.function`` helper), not the interpreter, the tl façade or numpy."""

from __future__ import annotations

import linecache
import os
from types import TracebackType

import ml_dtypes
import numpy as np

from tilert.errors import KernelError, RaceError
from tilert.interpret.context import TileOpError

_TILERT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_INFRASTRUCTURE = (
    os.path.dirname(os.path.abspath(__file__)) + os.sep,  # tilert/interpret/
    os.path.join(_TILERT_DIR, "lang.py"),
    os.path.join(_TILERT_DIR, "_lang") + os.sep,  # the façade's parts
    os.path.join(_TILERT_DIR, "_core", "function.py"),  # DeviceFunction.__call__
    os.path.dirname(os.path.abspath(np.__file__)) + os.sep,
    os.path.dirname(os.path.abspath(ml_dtypes.__file__)) + os.sep,
)


def _is_user_code(filename: str) -> bool:
    path = os.path.abspath(filename)
    return not any(path.startswith(prefix) for prefix in _INFRASTRUCTURE)


def user_location(tb: TracebackType | None, fallback: tuple[str, int]) -> tuple[str, int]:
    """(file, line) of the innermost user frame in ``tb``, else ``fallback``."""
    found = fallback
    while tb is not None:
        code = tb.tb_frame.f_code
        if _is_user_code(code.co_filename):
            found = (code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def located(
    exc: Exception, kernel_name: str, fallback: tuple[str, int], block: str | None
) -> Exception:
    """The exception to raise for ``exc`` escaping a kernel body: RaceError stays a
    RaceError, everything else becomes a KernelError; both start with file:line."""
    path, line = user_location(exc.__traceback__, fallback)
    where = f"{path}:{line}"
    source = linecache.getline(path, line).strip()
    shown = f"\n    {source}" if source else ""
    if isinstance(exc, RaceError):
        return RaceError(f"{where}: {exc}{shown}")
    in_block = f" (block {block})" if block else ""
    if isinstance(exc, TileOpError):
        what = f"{exc.op}: {exc.message}"
    else:
        what = f"{type(exc).__name__}: {exc}"
    return KernelError(f"{where}: kernel `{kernel_name}`{in_block}: {what}{shown}")
