"""The pygls server behind ``tilecheck lsp``: the CLI's checks, published as you type.

Each open Python document has a generation counter, bumped whenever a check of it is asked for
(open, change, save, a change to a file it may import). Checks run on the ``Checker``'s worker
thread after a short debounce; a result is published only if its generation is still the
latest, so diagnostics for an older text never overwrite newer ones."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path, uri_scheme

from tilecheck import __version__
from tilecheck.lsp.actions import code_actions
from tilecheck.lsp.checker import Checker, Outcome, Snapshot
from tilecheck.lsp.convert import ClientSupport
from tilecheck.lsp.debounce import Debouncer

DEBOUNCE_S = 0.05  # after the last keystroke (a check after an edit re-does what it touched)
SLOW_CHECK_S = 10.0  # a check running longer than this is reported in the log
CONFIG_FILES = ("pyproject.toml", "tilecheck.toml")
PYTHON_SUFFIXES = (".py", ".pyi")
_MAX_REMEMBERED_LOGS = 256

logger = logging.getLogger(__name__)


class TilecheckServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "tilecheck", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental
        )
        self.debouncer = Debouncer(DEBOUNCE_S)
        self.generations: dict[str, int] = {}  # open Python documents only
        self.checker = Checker(self.is_current)
        self.support = ClientSupport()
        self._logged: set[str] = set()
        self._config_warnings: set[str] = set()  # forgotten once a config parses again
        self.shut_down = False  # a `shutdown` request came: `exit` then ends with status 0

    # -- checks ---------------------------------------------------------------------------
    def is_current(self, uri: str, generation: int) -> bool:
        """Whether ``generation`` is still the latest check asked for ``uri`` (and the
        document is open). Read from the worker thread too: one dict lookup."""
        return self.generations.get(uri) == generation

    def request_check(self, uri: str, delay: float | None = None) -> None:
        """Check ``uri`` after ``delay`` seconds (None: the debounce), superseding any check
        of it asked for before."""
        if uri not in self.generations:
            return
        generation = self.generations[uri] = self.generations[uri] + 1
        self.debouncer.schedule(uri, lambda: self._check(uri, generation), delay)

    def recheck_open_documents(self, except_uri: str | None = None) -> None:
        for uri in list(self.generations):
            if uri != except_uri:
                self.request_check(uri)

    async def _check(self, uri: str, generation: int) -> None:
        try:
            await self._check_and_publish(uri, generation)
        except Exception as e:  # the checker already catches the engine's; this is ours
            self.log(types.MessageType.Error, f"tilecheck: checking {uri} failed: {e!r}")

    async def _check_and_publish(self, uri: str, generation: int) -> None:
        if not self.is_current(uri, generation):
            return
        snapshot = self.snapshot(uri, generation)
        outcome = await self._await_check(snapshot)
        for level, message in outcome.logs:
            self.log(level, message)
        self.report_config(outcome.config_error)
        if outcome.diagnostics is None or not self.is_current(uri, generation):
            return  # stale: a newer check of this document is on its way
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri, diagnostics=outcome.diagnostics, version=snapshot.version
            )
        )

    async def _await_check(self, snapshot: Snapshot) -> Outcome:
        """The check's outcome; one that runs unusually long is logged (a bug in a rule that
        loops would otherwise stall every later check without a word)."""
        pending = asyncio.ensure_future(self.checker.check(snapshot))
        try:
            return await asyncio.wait_for(asyncio.shield(pending), SLOW_CHECK_S)
        except asyncio.TimeoutError:
            self.log(
                types.MessageType.Warning,
                f"tilecheck: checking {snapshot.uri} takes more than {SLOW_CHECK_S:.0f} s",
            )
            return await pending

    def snapshot(self, uri: str, generation: int) -> Snapshot:
        """The document's text now, for the worker."""
        document = self.workspace.get_text_document(uri)
        return Snapshot(
            uri=uri,
            path=file_path(uri),
            source=document.source,
            generation=generation,
            version=document.version,
            folders=self.folders(),
            codec=document.position_codec,
            support=self.support,
        )

    def clear(self, uri: str) -> None:
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    # -- helpers --------------------------------------------------------------------------
    def folders(self) -> tuple[Path, ...]:
        """The workspace folders (and the root, for clients that send only that)."""
        paths: list[Path] = []
        uris = [f.uri for f in self.workspace.folders.values()]
        if self.workspace.root_uri:
            uris.append(self.workspace.root_uri)
        for uri in uris:
            path = file_path(uri)
            if path is not None and path not in paths:
                paths.append(path)
        return tuple(paths)

    def log(self, level: types.MessageType, message: str) -> None:
        """``window/logMessage``, each distinct message once (a bug met on every keystroke,
        or a broken config, is reported once, not per check)."""
        if message in self._logged:
            return
        if len(self._logged) >= _MAX_REMEMBERED_LOGS:
            self._logged.clear()
        self._logged.add(message)
        self.window_log_message(types.LogMessageParams(type=level, message=message))

    def report_config(self, error: str | None) -> None:
        """A broken config is shown once while it stays broken; once a config parses again,
        the next breakage is news again."""
        if error is not None:
            message = f"tilecheck: {error} (using the defaults)"
            self._config_warnings.add(message)
            self.warn(message)
        elif self._config_warnings:
            self._logged -= self._config_warnings
            self._config_warnings.clear()

    def warn(self, message: str) -> None:
        """A message the user should see (``window/showMessage``), once, and in the log."""
        if message not in self._logged:
            self.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
        self.log(types.MessageType.Warning, message)


def file_path(uri: str) -> Path | None:
    """The file behind a ``file:`` URI; None for other schemes (an untitled buffer)."""
    if uri_scheme(uri) != "file":
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def is_python(uri: str, language_id: str | None) -> bool:
    if language_id:
        return language_id == "python"
    return uri.endswith(PYTHON_SUFFIXES)


def _wants_quickfix(only: Sequence[str] | None) -> bool:
    """Whether a code action request limited to the kinds ``only`` covers quick fixes."""
    if not only:
        return True
    quickfix = str(types.CodeActionKind.QuickFix.value)
    return any(kind in ("", quickfix) for kind in only)


def _debounce_option(options: Any) -> float | None:
    """``initializationOptions.debounceMs``, in seconds, if the client set a sane one."""
    if isinstance(options, dict):
        value = options.get("debounceMs")
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 5000:
            return float(value) / 1000
    return None


def create_server() -> TilecheckServer:
    server = TilecheckServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: TilecheckServer, params: types.InitializeParams) -> None:
        ls.support = ClientSupport.of(params.capabilities)
        delay = _debounce_option(params.initialization_options)
        if delay is not None:
            ls.debouncer.delay = delay

    @server.feature(types.INITIALIZED)
    async def initialized(ls: TilecheckServer, params: types.InitializedParams) -> None:
        warm_up = asyncio.ensure_future(ls.checker.warm_up())
        if _can_watch_files(ls.client_capabilities):
            try:
                await ls.client_register_capability_async(_watch_registration())
            except Exception as e:  # the client refused: changes on disk are seen on save only
                ls.log(types.MessageType.Info, f"tilecheck: no file watching ({e})")
        for message in await warm_up:
            ls.log(types.MessageType.Error, message)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: TilecheckServer, params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        if not is_python(document.uri, document.language_id):
            return
        ls.generations.setdefault(document.uri, 0)
        ls.request_check(document.uri, delay=0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: TilecheckServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.request_check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: TilecheckServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = file_path(uri)
        ls.request_check(uri, delay=0)
        if path is not None and path.name in CONFIG_FILES:
            await ls.checker.config_changed()
            ls.recheck_open_documents()
        elif path is not None:
            await ls.checker.file_changed(path)
            ls.recheck_open_documents(except_uri=uri)  # they may import what changed

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: TilecheckServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.debouncer.cancel(uri)
        if ls.generations.pop(uri, None) is not None:
            ls.clear(uri)
            await ls.checker.forget(uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: TilecheckServer, params: types.HoverParams) -> types.Hover | None:
        uri = params.text_document.uri
        if uri not in ls.generations:
            return None
        return await ls.checker.hover(ls.snapshot(uri, ls.generations[uri]), params.position)

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    async def inlay_hints(
        ls: TilecheckServer, params: types.InlayHintParams
    ) -> list[types.InlayHint] | None:
        uri = params.text_document.uri
        if uri not in ls.generations:
            return None
        snapshot = ls.snapshot(uri, ls.generations[uri])
        return await ls.checker.inlay_hints(snapshot, params.range)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def watched_files_changed(
        ls: TilecheckServer, params: types.DidChangeWatchedFilesParams
    ) -> None:
        paths = [p for p in (file_path(c.uri) for c in params.changes) if p is not None]
        if any(p.name in CONFIG_FILES for p in paths):
            await ls.checker.config_changed()
        for path in paths:
            if path.suffix in PYTHON_SUFFIXES:
                await ls.checker.file_changed(path)
        if paths:
            ls.recheck_open_documents()

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(
        ls: TilecheckServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        if uri not in ls.generations or not _wants_quickfix(params.context.only):
            return None
        try:
            document = ls.workspace.get_text_document(uri)
            found = code_actions(
                uri, document.source, params.context.diagnostics, document.position_codec
            )
        except Exception as e:  # a bug here must not cost the user the server
            ls.log(types.MessageType.Error, f"tilecheck: code actions failed: {e!r}")
            return None
        return found or None

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: TilecheckServer, params: None) -> None:
        ls.shut_down = True
        for uri in list(ls.generations):
            ls.debouncer.cancel(uri)
        ls.generations.clear()
        ls.checker.close()

    return server


def _can_watch_files(capabilities: types.ClientCapabilities) -> bool:
    workspace = capabilities.workspace
    watched = workspace.did_change_watched_files if workspace is not None else None
    return bool(watched is not None and watched.dynamic_registration)


def _watch_registration() -> types.RegistrationParams:
    """Files whose change on disk (a git checkout, another tool) can change findings: Python
    modules (kernels are imported across files) and config files."""
    watchers = [
        types.FileSystemWatcher(glob_pattern=pattern)
        for pattern in ("**/*.py", *(f"**/{name}" for name in CONFIG_FILES))
    ]
    return types.RegistrationParams(
        registrations=[
            types.Registration(
                id="tilecheck-watched-files",
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
        ]
    )


def _log_level(name: str) -> int:
    """``TILECHECK_LSP_LOG`` (DEBUG, INFO, ...) as a level; WARNING when unset or unknown."""
    level = logging.getLevelName(name.strip().upper())
    return level if isinstance(level, int) else logging.WARNING


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Serve LSP over stdio until the client says exit (or goes away); the exit status: 0 after
    a `shutdown` request, else 1, as the LSP specification asks."""
    protocol_out = stdout or sys.stdout.buffer
    # The LSP stream owns stdout: anything else printing (a stray print in a rule, a warning)
    # goes to stderr instead of corrupting a message.
    sys.stdout = sys.stderr
    logging.basicConfig(
        level=_log_level(os.environ.get("TILECHECK_LSP_LOG", "")), stream=sys.stderr
    )
    server = create_server()
    try:
        server.start_io(stdin or sys.stdin.buffer, protocol_out)
    except SystemExit:  # pygls ends the process this way on `exit`
        pass
    return 0 if server.shut_down else 1
