"""Python text from bytes, and a libcst module from text: every failure becomes a TC001
finding with the best position known, never an exception (and never a crashed process)."""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
import threading
import tokenize
from collections.abc import Callable
from typing import TypeVar

import libcst as cst

from tilecheck.diagnostics import Diagnostic, Span

PARSE_ERROR = "TC001"
BIG_STACK_BYTES = 1 << 30  # reserved address space, touched only as deep as parsing goes

T = TypeVar("T")
_STACK_SIZE_LOCK = threading.Lock()
_RECURSION_LOCK = threading.Lock()
_LIBCST_AT = re.compile(r"error at (\d+):(\d+)")


def _parse_error(path: str, line: int, column: int, message: str) -> Diagnostic:
    return Diagnostic(PARSE_ERROR, message, path, Span.point(max(line, 1), max(column, 0)))


def _syntax_error(source: str, path: str, error: cst.ParserSyntaxError) -> Diagnostic:
    """A TC001 at the best position known: CPython's (its messages and positions are the
    clearest), else libcst's own."""
    try:
        compile(source, path, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as e:
        if e.lineno is not None:
            return _parse_error(path, e.lineno, (e.offset or 1) - 1, f"syntax error: {e.msg}")
    except (ValueError, RecursionError, MemoryError):
        pass
    message = error.message.removeprefix("parser error: ")
    at = _LIBCST_AT.search(error.message)
    if at:
        return _parse_error(path, int(at.group(1)), int(at.group(2)), f"syntax error: {message}")
    return _parse_error(path, error.raw_line, error.raw_column, f"syntax error: {message}")


def _start_with_big_stack(worker: threading.Thread) -> bool:
    with _STACK_SIZE_LOCK:  # the stack size is process-wide: set it only for this start
        try:
            previous = threading.stack_size(BIG_STACK_BYTES)
        except (ValueError, RuntimeError):
            return False
        try:
            worker.start()
        finally:
            threading.stack_size(previous)
    return True


def on_big_stack(fn: Callable[[], T], recursion_limit: int | None = None) -> T:
    """``fn()`` on a thread with a large stack. libcst's native parser recurses on the C stack
    and would crash the process (not raise) on deeply nested or very long expressions that
    CPython accepts, such as a 20,000-term ``and`` chain; the rule passes recurse in Python,
    which a raised ``recursion_limit`` allows (the limit is process-wide, so it is raised only
    for this call, and only on request)."""
    outcome: list[T | BaseException] = []

    def run() -> None:
        try:
            outcome.append(fn())
        except BaseException as e:  # re-raised on the calling thread
            outcome.append(e)

    worker = threading.Thread(target=run, name="tilecheck-deep")
    with contextlib.ExitStack() as stack:
        if recursion_limit is not None:
            stack.enter_context(_RECURSION_LOCK)
            limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(limit, recursion_limit))
            stack.callback(sys.setrecursionlimit, limit)
        started = _start_with_big_stack(worker)
        if started:
            worker.join()
    if not started:  # the platform refuses big stacks: run here, as deep as it goes
        return fn()
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    return result


def parse_source(source: str, path: str) -> cst.Module | Diagnostic:
    """The module, or the TC001 finding that says why there is none."""
    try:
        return on_big_stack(lambda: cst.parse_module(source))
    except cst.ParserSyntaxError as e:
        return _syntax_error(source, path, e)
    except RecursionError:
        return _parse_error(path, 1, 0, "cannot parse: the code is nested too deeply")
    except MemoryError:
        return _parse_error(path, 1, 0, "cannot parse: out of memory")
    except (ValueError, UnicodeError, SyntaxError) as e:
        return _parse_error(path, 1, 0, f"cannot parse: {e}")


def decode_source(data: bytes, path: str) -> str | Diagnostic:
    """The text of a Python file's bytes, honoring its PEP 263 coding cookie and BOM, or a
    TC001 finding where that fails."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as e:
        return _parse_error(path, e.lineno or 1, 0, f"cannot decode: {e.msg}")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1)
        return _parse_error(path, line, column, f"cannot decode as {encoding}: {e.reason}")
    except LookupError:
        return _parse_error(path, 1, 0, f"cannot decode: unknown encoding {encoding!r}")
