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

from tilecheck.codes import PARSE_ERROR
from tilecheck.diagnostics import Diagnostic, Span

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


# libcst's parser takes time quadratic in the length of a left-recursive chain: a binary
# operator chain (`1 + 1 + ...`), an attribute chain (`a.b.c...`), calls or subscripts chained
# (`f()()...`): 2,000 operators take 0.7 s, 4,000 take 3 s, 8,000 take 30 s, 20,000 minutes. Such
# an expression (generated code, a large constant expression) is reported rather than parsed.
MAX_CHAIN = 2000  # operators in one chain
_CHAIN_MIN_CHARS = 2 * MAX_CHAIN  # the shortest text such a chain can be written in
_CONTINUING = frozenset("+-*/%@&|^<>.([{\\")  # a line that ends with one may go on to the next
_LEADING = frozenset("+-*/%@&|^<>.")  # a line that starts with one may continue the previous


def _long_run(source: str) -> int | None:
    """The first line of a run of lines at least ``_CHAIN_MIN_CHARS`` long, each joined to the
    next by an operator next to the line break (a line on its own counts too); None when there
    is none, so no chain of ``MAX_CHAIN`` operators can be in ``source``. A cheap screen: one
    pass over the lines, without tokenizing, so comments and strings may make a run longer than
    it is (then the real check only costs a little time)."""
    if len(source) < _CHAIN_MIN_CHARS:
        return None
    run = start = 0
    joined = False
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.strip()
        if joined or (stripped and stripped[0] in _LEADING):
            run += len(line)
        else:
            run, start = len(line), number
        if run >= _CHAIN_MIN_CHARS:
            return start
        joined = bool(stripped) and stripped[-1] in _CONTINUING
    return None


_CHAINS = (ast.BinOp, ast.Attribute, ast.Call, ast.Subscript)


def _chain_links(node: ast.AST) -> list[ast.AST]:
    """The sub-expressions of ``node`` that continue its chain."""
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.Call):
        return [node.func]
    if isinstance(node, (ast.Attribute, ast.Subscript)):
        return [node.value]
    return []


def _longest_chain(tree: ast.AST) -> tuple[int, int]:
    """The number of operators in the longest chain of ``tree``, and the chain's line."""
    longest, line = 0, 1
    inside: set[int] = set()  # chain nodes already counted as part of a longer chain
    for node in ast.walk(tree):
        if not isinstance(node, _CHAINS) or id(node) in inside:
            continue
        count, pending = 0, [node]
        while pending:
            link = pending.pop()
            count += 1
            for child in _chain_links(link):
                if isinstance(child, _CHAINS):
                    inside.add(id(child))
                    pending.append(child)
        if count > longest:
            longest, line = count, getattr(node, "lineno", 1)
    return longest, line


def too_long_an_expression(source: str, path: str) -> Diagnostic | None:
    """A TC001 for a file holding an expression too long for libcst's parser to parse in
    reasonable time (more than ``MAX_CHAIN`` operators in one chain), else None. Costs a scan
    of the lines; CPython's own parser (in C, about a tenth of libcst's time) runs only where
    the scan finds a long run of joined lines."""
    start = _long_run(source)
    if start is None:
        return None
    try:
        tree = compile(source, path, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (RecursionError, MemoryError):  # too deep even for CPython (a chain of ~4,000)
        return _parse_error(
            path,
            start,
            0,
            f"too long or too deeply nested an expression near line {start} for the parser: "
            "the file was not checked",
        )
    except (SyntaxError, ValueError):
        return None  # libcst reports it (it may accept syntax newer than this Python's)
    count, line = _longest_chain(tree)
    if count <= MAX_CHAIN:
        return None
    return _parse_error(
        path,
        line,
        0,
        f"too long an expression at line {line} ({count} operators) for the parser: "
        "the file was not checked",
    )


def parse_source(source: str, path: str) -> cst.Module | Diagnostic:
    """The module, or the TC001 finding that says why there is none."""
    too_long = too_long_an_expression(source, path)
    if too_long is not None:
        return too_long
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
