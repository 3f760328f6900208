"""Checking files: skip what cannot concern tilert, parse, run the rule passes, apply
suppressions and the rule selection; many files in parallel.

The skip comes first and is cheap: a file whose bytes name neither ``tilert`` nor a configured
kernel decorator, and import no module of the checked tree that uses tilert (the user's own
wrapper package, found by a byte search for import statements), is never decoded or parsed.
A file that cannot be read as Python is a TC001 finding. An exception inside a rule pass is a
bug in tilecheck, not a finding: it is recorded as a ``FileError`` (the CLI prints it and exits
2) and the other files are still checked."""

from __future__ import annotations

import multiprocessing
import os
import threading
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tilecheck.config import Config
from tilecheck.diagnostics import Diagnostic
from tilecheck.discovery import discover
from tilecheck.frozen import frozen
from tilecheck.import_scan import needle_words
from tilecheck.parsing import decode_source, on_big_stack, parse_source
from tilecheck.suppressions import apply_suppressions

if TYPE_CHECKING:
    from tilecheck.incremental import Document
    from tilecheck.project import Project

DEEP_RECURSION_LIMIT = 100_000  # for the rule passes on a tree too deep for the default
PARALLEL_MIN_FILES = 50  # below this many files to parse, a process pool costs more than it saves

Progress = Callable[[int, int], None]  # (files checked, files to check)


class InternalError(Exception):
    """A rule pass raised: a bug in tilecheck, reported against the file being checked."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}")
        self.path = path
        self.detail = detail


@frozen
class FileError:
    """A file tilecheck could not check: unreadable, or a crash inside a rule pass."""

    path: str
    message: str  # one line
    detail: str = ""  # the traceback, for an internal error


@dataclass
class Report:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    # ``--show-gaps``: where the host analysis gave up on an object (no findings)
    gaps: list[Diagnostic] = field(default_factory=list)
    files: int = 0  # files found
    parsed: int = 0  # files that concern tilert (``concerns_tilert``) and were parsed


# -- the cheap skip -------------------------------------------------------------------------


def needles(config: Config) -> tuple[str, ...]:
    """The words that make a file concern tilert by its own text: ``tilert`` and the last
    component of each configured kernel decorator (``mylib.kernel`` may be imported as ``from
    mylib import kernel``)."""
    return needle_words(config.kernel_decorators)


def mentions_tilert(data: bytes, words: Sequence[str]) -> bool:
    return any(word.encode() in data for word in words)


def concerns_tilert(
    text: bytes | str, path: str, words: Sequence[str], project: Project | None
) -> bool:
    """The one test of whether a file is checked (the command line, standard input, the
    editor's server, the pre-commit hook): its text names tilert or a kernel decorator
    (``words``), or imports a module of ``project`` that uses tilert, transitively."""
    if isinstance(text, str):
        if any(word in text for word in words):
            return True
        if project is None or "import" not in text:
            return False
        text = text.encode("utf-8", "surrogatepass")
    elif mentions_tilert(text, words):
        return True
    return project is not None and project.imports_tilert_user(text, path)


# -- one file -------------------------------------------------------------------------------


def _select(diagnostics: Iterable[Diagnostic], config: Config) -> list[Diagnostic]:
    chosen = (d for d in diagnostics if config.enabled(d.code, d.path))
    return sorted(chosen, key=Diagnostic.sort_key)


def _known_codes() -> frozenset[str]:
    from tilecheck.catalog import catalog

    return frozenset(catalog())


def check_source(
    source: str,
    path: str,
    config: Config,
    project: Project | None = None,
    document: Document | None = None,
    *,
    gated: bool = False,
) -> list[Diagnostic]:
    """The findings for one file's text, sorted; none for a file that does not concern
    tilert (``concerns_tilert``; ``gated``: already known to). Raises ``InternalError`` if a
    rule pass crashes. ``document``: what earlier checks of this text's document kept (the
    editor's server keeps one per open document), so that only what an edit touched is done
    again; the findings are the same. With ``config.show_gaps``, the places the analysis gave
    up on an object come after the findings (``is_gap`` tells them apart: never selected,
    suppressed or counted)."""
    if not gated and not concerns_tilert(source, path, needles(config), project):
        return []
    parsed = document.parse(source, path) if document is not None else parse_source(source, path)
    if isinstance(parsed, Diagnostic):
        return _select([parsed], config)
    from tilecheck.module_check import check_module

    reuse = None
    if document is not None:
        outside = (project, project.fingerprint()) if project is not None else None
        reuse = document.round((path, config.kernel_decorators, outside))

    def run_passes() -> list[Diagnostic]:
        return check_module(
            parsed,
            path=path,
            project=project,
            kernel_decorators=config.kernel_decorators,
            reuse=reuse,
            show_gaps=config.show_gaps,
            source=source,
        )

    try:
        try:
            found = run_passes()
        except RecursionError:  # a very deep tree (rare): again, with room to recurse
            found = on_big_stack(run_passes, recursion_limit=DEEP_RECURSION_LIMIT)
    except Exception as e:  # a bug in a rule pass: report it, keep checking other files
        detail = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        raise InternalError(path, detail) from e
    if document is not None:
        document.checked()
    gaps: list[Diagnostic] = []
    if config.show_gaps:
        gaps = sorted((d for d in found if is_gap(d.code)), key=Diagnostic.sort_key)
        found = [d for d in found if not is_gap(d.code)]
    return _select(apply_suppressions(found, source, path, _known_codes()), config) + gaps


@frozen
class FileResult:
    diagnostics: tuple[Diagnostic, ...] = ()
    error: FileError | None = None


def check_bytes(
    data: bytes,
    path: str,
    config: Config,
    project: Project | None = None,
    *,
    gated: bool = False,
) -> FileResult:
    """``check_source`` for a file's bytes (``gated``: already known to concern tilert)."""
    if not gated and not concerns_tilert(data, path, needles(config), project):
        return FileResult()
    source = decode_source(data, path)
    if isinstance(source, Diagnostic):
        return FileResult(tuple(_select([source], config)))
    try:
        return FileResult(tuple(check_source(source, path, config, project, gated=True)))
    except InternalError as e:
        return FileResult(error=_internal_error(path, e.__cause__ or e, e.detail))
    except Exception as e:  # outside the rule passes, still a bug: never crash the run
        detail = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        return FileResult(error=_internal_error(path, e, detail))


def _internal_error(path: str, cause: BaseException, detail: str) -> FileError:
    return FileError(path, f"internal error: {type(cause).__name__}: {cause}", detail)


def is_gap(code: str) -> bool:
    """A ``--show-gaps`` note's code (``tilecheck.host.gaps``): no finding."""
    return code.startswith("TC9")


def add_results(report: Report, diagnostics: Iterable[Diagnostic]) -> None:
    """A file's results into ``report``: its findings, and its gaps apart."""
    for d in diagnostics:
        (report.gaps if is_gap(d.code) else report.diagnostics).append(d)


# -- many files -----------------------------------------------------------------------------


def make_project(roots: Sequence[Path], config: Config) -> Project:
    from tilecheck.project import Project

    # The project's own root (where its pyproject.toml is) resolves absolute imports such as
    # `from tests.kernels import add` even when single files are checked, as pre-commit does.
    bases = [*roots, config.root] if config.root is not None else list(roots)
    return Project(bases, kernel_decorators=config.kernel_decorators)


_worker: tuple[Config, Project] | None = None


def _init_worker(config: Config, roots: Sequence[Path]) -> None:
    global _worker
    _worker = (config, make_project(roots, config))


def _check_chunk(chunk: Sequence[tuple[str, bytes]]) -> list[FileResult]:
    assert _worker is not None, "worker not initialized"
    config, project = _worker
    return [check_bytes(data, path, config, project, gated=True) for path, data in chunk]


def _chunks(items: Sequence[tuple[str, bytes]], workers: int) -> list[Sequence[tuple[str, bytes]]]:
    """Small batches, so that workers that draw slow files do not hold up the end of the run
    (about 16 batches a worker, at most 32 files each)."""
    size = max(1, min(32, -(-len(items) // (workers * 16))))
    return [items[i : i + size] for i in range(0, len(items), size)]


def _check_parallel(
    todo: Sequence[tuple[str, bytes]],
    roots: Sequence[Path],
    config: Config,
    workers: int,
    progress: Progress | None = None,
) -> list[FileResult] | None:
    """The results from a process pool, in ``todo``'s order; None if the pool broke (a worker
    killed, say, for memory), so the caller checks serially instead."""
    try:
        with ProcessPoolExecutor(
            workers, initializer=_init_worker, initargs=(config, roots)
        ) as pool:
            results: list[FileResult] = []
            for chunk in pool.map(_check_chunk, _chunks(todo, workers)):
                results.extend(chunk)
                if progress is not None:
                    progress(len(results), len(todo))
            return results
    except BrokenProcessPool:
        return None


def _read(path: Path) -> bytes | FileError:
    try:
        return path.read_bytes()
    except OSError as e:
        return FileError(str(path), f"cannot read: {e.strerror or e}")


def forking_is_safe() -> bool:
    """Whether a process pool may fork this process: not while other threads run (a thread
    holding a lock at the fork leaves it held forever in the child; Python 3.12 warns)."""
    if multiprocessing.get_start_method() != "fork":
        return True
    try:
        return len(os.listdir("/proc/self/task")) == 1  # every thread, native ones included
    except OSError:
        return threading.active_count() == 1


def available_cpus() -> int:
    """CPUs this process may run on (a container's share, not the host's count)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def check_paths(
    paths: Sequence[Path],
    config: Config,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> Report:
    """Check the files and folders ``paths`` (all of which must exist). ``jobs``: worker
    processes when there are many files to parse (None: one per CPU; 1: never; never either
    while this process runs other threads, see ``forking_is_safe``). ``progress(done,
    total)`` is told of the files parsed so far, as they complete."""
    report = Report()
    files = discover(paths, config)
    report.files = len(files)
    words = needles(config)
    project = make_project(paths, config)
    todo: list[tuple[str, bytes]] = []
    for file in files:
        data = _read(file)
        if isinstance(data, FileError):
            report.errors.append(data)
        elif concerns_tilert(data, str(file), words, project):
            todo.append((str(file), data))
    report.parsed = len(todo)
    workers = min(jobs or available_cpus(), len(todo))
    results: list[FileResult] | None = None
    if workers > 1 and len(todo) > PARALLEL_MIN_FILES and forking_is_safe():
        results = _check_parallel(todo, paths, config, workers, progress)
    if results is None:
        results = []
        for path, data in todo:
            results.append(check_bytes(data, path, config, project, gated=True))
            if progress is not None:
                progress(len(results), len(todo))
    for result in results:
        add_results(report, result.diagnostics)
        if result.error is not None:
            report.errors.append(result.error)
    report.diagnostics.sort(key=Diagnostic.sort_key)
    report.gaps.sort(key=Diagnostic.sort_key)
    report.errors.sort(key=lambda e: e.path)
    return report
