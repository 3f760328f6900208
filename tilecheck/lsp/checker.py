"""Running the engine off the event loop.

One worker thread (a daemon: a check that never ends cannot keep the process from exiting) runs
every check in order, so the event loop keeps reading messages while a
large file is parsed, and the engine's state (settings, projects) is touched by one thread only.
A check whose document changed before it started is skipped; one whose document changed while
it ran is dropped by the caller (``is_current``). Whatever the engine does, a check ends in a
finding list or in nothing plus a log line: never in an exception that reaches the server."""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

from lsprotocol import types
from pygls.uris import from_fs_path
from pygls.workspace import PositionCodec

from tilecheck.engine import concerns_tilert, needles
from tilecheck.incremental import Document
from tilecheck.lsp.convert import ClientSupport, split_lines, to_lsp
from tilecheck.lsp.tile_hints import TileHints
from tilecheck.lsp.workspaces import Workspaces

T = TypeVar("T")

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Snapshot:
    """A document's text as it was when a check was asked for."""

    uri: str
    path: Path | None  # None: not a file (an untitled buffer)
    source: str
    generation: int  # the server's own counter, bumped on every request for this document
    version: int | None  # the client's version of this text
    folders: tuple[Path, ...]  # the workspace folders at the time
    codec: PositionCodec
    support: ClientSupport


@dataclass
class Outcome:
    """What a check produced. ``diagnostics`` is None when the check was skipped as stale."""

    snapshot: Snapshot
    diagnostics: list[types.Diagnostic] | None
    logs: list[tuple[types.MessageType, str]] = field(default_factory=list)
    config_error: str | None = None  # the settings could not be read: the defaults applied


def _uri_for_path(path: str) -> str:
    return from_fs_path(str(Path(path).absolute())) or path


class _Worker:
    """One daemon thread running jobs in order; each job's result comes back as a future of
    the event loop that submitted it."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="tilecheck-check", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[[], T]) -> asyncio.Future[T]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def settle(deliver: Callable[[], None]) -> None:
            if not future.done():  # the awaiting task may have been cancelled
                deliver()

        def job() -> None:
            deliver: Callable[[], None]
            try:
                result = fn()
                deliver = partial(future.set_result, result)
            except BaseException as e:  # handed to the awaiting coroutine
                deliver = partial(future.set_exception, e)
            try:
                loop.call_soon_threadsafe(settle, deliver)
            except RuntimeError:  # the loop is closed: no one is waiting any more
                pass

        self._jobs.put(job)
        return future

    def stop(self) -> None:
        """Finish the job under way, then no more (queued jobs are dropped)."""
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
        self._jobs.put(None)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            job()


class Checker:
    def __init__(self, is_current: Callable[[str, int], bool]) -> None:
        self._is_current = is_current
        self._worker = _Worker()
        self._workspaces = Workspaces()
        # per open document: what the last check kept (an edit re-does what it touched) and
        # the tile types shown for its last text
        self._documents: dict[str, Document] = {}
        self._tile_hints: dict[str, TileHints] = {}

    async def _submit(self, fn: Callable[[], T]) -> T:
        return await self._worker.submit(fn)

    async def check(self, snapshot: Snapshot) -> Outcome:
        return await self._submit(lambda: self._check(snapshot))

    async def file_changed(self, path: Path) -> None:
        await self._submit(lambda: self._workspaces.file_changed(path))

    async def config_changed(self) -> None:
        await self._submit(self._workspaces.config_changed)

    async def forget(self, uri: str) -> None:
        """The document was closed: drop what was kept for it."""

        def drop() -> None:
            self._documents.pop(uri, None)
            self._tile_hints.pop(uri, None)

        await self._submit(drop)

    async def hover(self, snapshot: Snapshot, at: types.Position) -> types.Hover | None:
        return await self._submit(lambda: self._with_hints(snapshot, lambda t: t.hover(at)))

    async def inlay_hints(
        self, snapshot: Snapshot, within: types.Range
    ) -> list[types.InlayHint] | None:
        return await self._submit(
            lambda: self._with_hints(snapshot, lambda t: t.inlay_hints(within))
        )

    async def warm_up(self) -> list[str]:
        """Import the engine and the rule catalog before the first document arrives; the
        errors, if any (the first real check will report them too)."""
        return await self._submit(_warm_up)

    def close(self) -> None:
        self._worker.stop()

    def _check(self, snapshot: Snapshot) -> Outcome:
        if not self._is_current(snapshot.uri, snapshot.generation):
            return Outcome(snapshot, None)
        outcome = Outcome(snapshot, [])
        started = time.perf_counter()
        try:
            outcome.diagnostics = self._diagnostics(snapshot, outcome)
            logger.debug(
                "checked %s (version %s) in %.0f ms",
                snapshot.uri,
                snapshot.version,
                (time.perf_counter() - started) * 1e3,
            )
        except BaseException as e:  # the server outlives any bug in a check
            detail = "".join(traceback.format_exception(type(e), e, e.__traceback__))
            where = snapshot.path or snapshot.uri
            outcome.logs.append(
                (types.MessageType.Error, f"tilecheck: internal error checking {where}:\n{detail}")
            )
        return outcome

    def _diagnostics(self, snapshot: Snapshot, outcome: Outcome) -> list[types.Diagnostic]:
        from tilecheck.engine import InternalError, check_source

        settings = self._workspaces.settings(snapshot.path, snapshot.folders)
        outcome.config_error = settings.config_error
        if settings.excluded:
            return []
        path = str(snapshot.path) if snapshot.path is not None else snapshot.uri
        document = self._documents.setdefault(snapshot.uri, Document())
        try:
            found = check_source(snapshot.source, path, settings.config, settings.project, document)
        except InternalError as e:
            outcome.logs.append((types.MessageType.Error, f"tilecheck: internal error: {e.detail}"))
            return []
        lines = split_lines(snapshot.source)
        return [
            to_lsp(
                d,
                uri=snapshot.uri,
                lines=lines,
                codec=snapshot.codec,
                uri_for_path=_uri_for_path,
                support=snapshot.support,
            )
            for d in found
        ]

    def _with_hints(self, snapshot: Snapshot, ask: Callable[[TileHints], T]) -> T | None:
        """``ask`` of the tile types of the snapshot's text; None where there are none (the
        file is excluded, does not concern tilert, does not parse) or on an internal error
        (logged: a hover is not worth the server)."""
        try:
            hints = self._hints_for(snapshot)
            return ask(hints) if hints is not None else None
        except Exception:
            logger.exception("tilecheck: tile types of %s", snapshot.uri)
            return None

    def _hints_for(self, snapshot: Snapshot) -> TileHints | None:
        known = self._tile_hints.get(snapshot.uri)
        if known is not None and known.parsed.source == snapshot.source:
            return known
        settings = self._workspaces.settings(snapshot.path, snapshot.folders)
        path = str(snapshot.path) if snapshot.path is not None else snapshot.uri
        words = needles(settings.config)
        if settings.excluded or not concerns_tilert(snapshot.source, path, words, settings.project):
            return None
        document = self._documents.setdefault(snapshot.uri, Document())
        if document.parsed is None or document.parsed.source != snapshot.source:
            document.parse(snapshot.source, path)
        if document.parsed is None:
            return None
        decorators = tuple(settings.config.kernel_decorators)
        hints = TileHints(document.parsed, decorators, snapshot.codec, document.memo)
        self._tile_hints[snapshot.uri] = hints
        return hints


def _warm_up() -> list[str]:
    try:
        from tilecheck.catalog import catalog
        from tilecheck.config import Config
        from tilecheck.engine import check_source

        catalog()
        check_source("import tilert\n", "warm_up.py", Config())
    except BaseException as e:  # reported, never raised
        return [f"tilecheck: warm-up failed: {type(e).__name__}: {e}"]
    return []
