"""Checking files: skip what cannot concern tilert, parse, run the rule passes, apply
suppressions and the rule selection; many files in parallel.

The skip comes first and is cheap: a file whose bytes name neither ``tilert`` nor a configured
kernel decorator is never decoded or parsed. A file that cannot be read as Python is a TC001
finding. An exception inside a rule pass is a bug in tilecheck, not a finding: it is recorded
as a ``FileError`` (the CLI prints it and exits 2) and the other files are still checked."""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
import traceback
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst

from tilecheck.config import Config
from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.discovery import discover
from tilecheck.suppressions import apply_suppressions

if TYPE_CHECKING:
    from tilecheck.project import Project

PARSE_ERROR = "TC001"
PARALLEL_MIN_FILES = 50  # below this many files to parse, a process pool costs more than it saves

_LIBCST_AT = re.compile(r"error at (\d+):(\d+)")


class InternalError(Exception):
    """A rule pass raised: a bug in tilecheck, reported against the file being checked."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}")
        self.path = path
        self.detail = detail


@dataclass(frozen=True)
class FileError:
    """A file tilecheck could not check: unreadable, or a crash inside a rule pass."""

    path: str
    message: str  # one line
    detail: str = ""  # the traceback, for an internal error


@dataclass
class Report:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    files: int = 0  # files found
    parsed: int = 0  # files that named tilert (or a kernel decorator) and were parsed


# -- the cheap skip -------------------------------------------------------------------------


def needles(config: Config) -> tuple[str, ...]:
    """The words a file must contain to be parsed: ``tilert`` and the last component of each
    configured kernel decorator (``mylib.kernel`` may be imported as ``from mylib import
    kernel``)."""
    return ("tilert", *(d.rpartition(".")[2] for d in config.kernel_decorators))


def mentions_tilert(data: bytes, words: Sequence[str]) -> bool:
    return any(word.encode() in data for word in words)


# -- one file -------------------------------------------------------------------------------


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


def _parse(source: str, path: str) -> cst.Module | Diagnostic:
    try:
        return cst.parse_module(source)
    except cst.ParserSyntaxError as e:
        return _syntax_error(source, path, e)
    except RecursionError:
        return _parse_error(path, 1, 0, "cannot parse: the code is nested too deeply")
    except MemoryError:
        return _parse_error(path, 1, 0, "cannot parse: out of memory")
    except (ValueError, UnicodeError, SyntaxError) as e:
        return _parse_error(path, 1, 0, f"cannot parse: {e}")


def _select(diagnostics: Iterable[Diagnostic], config: Config) -> list[Diagnostic]:
    return sorted((d for d in diagnostics if config.enabled(d.code)), key=Diagnostic.sort_key)


def _known_codes() -> frozenset[str]:
    from tilecheck.rules import catalog

    return frozenset(catalog())


def check_source(
    source: str, path: str, config: Config, project: Project | None = None
) -> list[Diagnostic]:
    """The findings for one file's text, sorted. Raises ``InternalError`` if a rule pass
    crashes."""
    if not any(word in source for word in needles(config)):
        return []
    parsed = _parse(source, path)
    if isinstance(parsed, Diagnostic):
        return _select([parsed], config)
    from tilecheck.module_check import check_module

    try:
        found = check_module(
            parsed, path=path, project=project, kernel_decorators=config.kernel_decorators
        )
    except Exception as e:  # a bug in a rule pass: report it, keep checking other files
        detail = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        raise InternalError(path, detail) from e
    return _select(apply_suppressions(found, source, path, _known_codes()), config)


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


@dataclass(frozen=True)
class FileResult:
    diagnostics: tuple[Diagnostic, ...] = ()
    error: FileError | None = None


def check_bytes(
    data: bytes, path: str, config: Config, project: Project | None = None
) -> FileResult:
    """``check_source`` for a file's bytes (already known to mention tilert)."""
    source = decode_source(data, path)
    if isinstance(source, Diagnostic):
        return FileResult(tuple(_select([source], config)))
    try:
        return FileResult(tuple(check_source(source, path, config, project)))
    except InternalError as e:
        return FileResult(error=_internal_error(path, e.__cause__ or e, e.detail))
    except Exception as e:  # outside the rule passes, still a bug: never crash the run
        detail = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        return FileResult(error=_internal_error(path, e, detail))


def _internal_error(path: str, cause: BaseException, detail: str) -> FileError:
    return FileError(path, f"internal error: {type(cause).__name__}: {cause}", detail)


# -- many files -----------------------------------------------------------------------------


def make_project(roots: Sequence[Path], config: Config) -> Project:
    from tilecheck.project import Project

    return Project(roots, kernel_decorators=config.kernel_decorators)


_worker: tuple[Config, Project] | None = None


def _init_worker(config: Config, roots: Sequence[Path]) -> None:
    global _worker
    _worker = (config, make_project(roots, config))


def _check_chunk(chunk: Sequence[tuple[str, bytes]]) -> list[FileResult]:
    assert _worker is not None, "worker not initialized"
    config, project = _worker
    return [check_bytes(data, path, config, project) for path, data in chunk]


def _chunks(items: Sequence[tuple[str, bytes]], count: int) -> list[Sequence[tuple[str, bytes]]]:
    size = max(1, -(-len(items) // count))
    return [items[i : i + size] for i in range(0, len(items), size)]


def _check_parallel(
    todo: Sequence[tuple[str, bytes]], roots: Sequence[Path], config: Config, workers: int
) -> list[FileResult] | None:
    """The results from a process pool, in ``todo``'s order; None if the pool broke (a worker
    killed, say, for memory), so the caller checks serially instead."""
    try:
        with ProcessPoolExecutor(
            workers, initializer=_init_worker, initargs=(config, roots)
        ) as pool:
            chunks = pool.map(_check_chunk, _chunks(todo, workers * 4))
            return [result for chunk in chunks for result in chunk]
    except BrokenProcessPool:
        return None


def _read(path: Path) -> bytes | FileError:
    try:
        return path.read_bytes()
    except OSError as e:
        return FileError(str(path), f"cannot read: {e.strerror or e}")


def check_paths(paths: Sequence[Path], config: Config, jobs: int | None = None) -> Report:
    """Check the files and folders ``paths`` (all of which must exist). ``jobs``: worker
    processes when there are many files to parse (None: one per CPU; 1: never)."""
    report = Report()
    files = discover(paths, config)
    report.files = len(files)
    words = needles(config)
    todo: list[tuple[str, bytes]] = []
    for file in files:
        data = _read(file)
        if isinstance(data, FileError):
            report.errors.append(data)
        elif mentions_tilert(data, words):
            todo.append((str(file), data))
    report.parsed = len(todo)
    workers = min(jobs or os.cpu_count() or 1, len(todo))
    results: list[FileResult] | None = None
    if workers > 1 and len(todo) > PARALLEL_MIN_FILES:
        results = _check_parallel(todo, paths, config, workers)
    if results is None:
        project = make_project(paths, config) if todo else None
        results = [check_bytes(data, path, config, project) for path, data in todo]
    for result in results:
        report.diagnostics.extend(result.diagnostics)
        if result.error is not None:
            report.errors.append(result.error)
    report.diagnostics.sort(key=Diagnostic.sort_key)
    report.errors.sort(key=lambda e: e.path)
    return report
