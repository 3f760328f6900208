"""`tilecheck lsp` driven over stdio by a real LSP client (pytest-lsp's), the way an editor
drives it: initialize, open, edit, save, close, code actions, shutdown and exit."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import textwrap
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.protocol import default_converter
from pygls.uris import from_fs_path
from pygls.workspace import PositionCodec
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from tests.support import REPO
from tilecheck.catalog import catalog
from tilecheck.diagnostics import Diagnostic, Label, Span
from tilecheck.lsp.actions import code_actions
from tilecheck.lsp.checker import Checker, Snapshot
from tilecheck.lsp.convert import ClientSupport, span_to_range, split_lines, to_lsp
from tilecheck.suppressions import apply_suppressions

TIMEOUT_S = 30.0  # per awaited message; generous for a loaded 2-core CI machine

KERNELS = """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))
"""

BUGGY_CALL = "    add(z.partition((64,)), z, x).sync()"
FIXED_CALL = "    add(z.partition((64,)), x, x).sync()"

MAIN = f"""{KERNELS}

def main() -> None:
    x = tr.ones((256,), dtype=f32)
    z = tr.zeros((256,), dtype=f32)
{BUGGY_CALL}
"""


class EditorClient(LanguageClient):
    """pytest-lsp's client, queueing every ``publishDiagnostics`` per document so a test can
    await the one for a given version."""

    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        self.published: defaultdict[str, asyncio.Queue[types.PublishDiagnosticsParams]] = (
            defaultdict(asyncio.Queue)
        )
        self.registrations: list[types.Registration] = []


def _make_client() -> EditorClient:
    client = EditorClient()

    def on_publish(client: EditorClient, params: types.PublishDiagnosticsParams) -> None:
        client.published[params.uri].put_nowait(params)

    def on_register(client: EditorClient, params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)

    features: dict[str, Any] = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: on_publish,
        types.CLIENT_REGISTER_CAPABILITY: on_register,
    }
    register_lsp_features(client, features)
    return client


class Editor:
    """One session: documents by path, their versions, and waiting for findings."""

    def __init__(self, client: EditorClient, root: Path) -> None:
        self.client = client
        self.root = root
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}

    def uri(self, name: str) -> str:
        return from_fs_path(str(self.root / name)) or ""

    def open(self, name: str, text: str, *, language_id: str = "python") -> str:
        uri = self.uri(name)
        self.versions[uri] = 1
        self.texts[uri] = text
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=uri, language_id=language_id, version=1, text=text)
            )
        )
        return uri

    def replace(self, uri: str, old: str, new: str) -> int:
        """Edit like a keystroke does: an incremental change of one range. The new version."""
        text = self.texts[uri]
        offset = text.index(old)
        line = text.count("\n", 0, offset)
        column = offset - (text.rfind("\n", 0, offset) + 1)
        self.texts[uri] = text[:offset] + new + text[offset + len(old) :]
        start = types.Position(line=line, character=column)
        end = types.Position(line=line, character=column + len(old))  # one-line ASCII edits
        return self._change(
            uri, types.TextDocumentContentChangePartial(types.Range(start, end), new)
        )

    def set_text(self, uri: str, text: str) -> int:
        self.texts[uri] = text
        return self._change(uri, types.TextDocumentContentChangeWholeDocument(text=text))

    def _change(self, uri: str, change: types.TextDocumentContentChangeEvent) -> int:
        self.versions[uri] += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                [change],
            )
        )
        return self.versions[uri]

    def save(self, uri: str) -> None:
        self.client.text_document_did_save(
            types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=uri))
        )

    async def next_published(self, uri: str) -> types.PublishDiagnosticsParams:
        return await asyncio.wait_for(self.client.published[uri].get(), TIMEOUT_S)

    async def findings(self, uri: str, version: int | None = None) -> list[types.Diagnostic]:
        """The diagnostics published for ``version`` of ``uri`` (default: its latest),
        skipping any published for an older one."""
        wanted = self.versions[uri] if version is None else version
        while True:
            params = await self.next_published(uri)
            assert params.version is None or params.version <= wanted, "a version from the future"
            if params.version == wanted:
                return list(params.diagnostics)


@contextlib.asynccontextmanager
async def editor(
    root: Path,
    *,
    capabilities: types.ClientCapabilities | None = None,
    init_options: dict[str, Any] | None = None,
) -> AsyncIterator[Editor]:
    """A server started as an editor starts it, on ``root`` as the workspace folder; at the
    end it must shut down and exit with status 0."""
    client = _make_client()
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
    await client.start_io(
        sys.executable, "-m", "tilecheck.lsp", env={**os.environ, "PYTHONPATH": path}
    )
    process = client._server  # pygls keeps no public handle on it
    assert process is not None
    try:
        root_uri = from_fs_path(str(root)) or ""
        result = await asyncio.wait_for(
            client.initialize_session(
                types.InitializeParams(
                    capabilities=capabilities or client_capabilities("visual-studio-code"),
                    root_uri=root_uri,
                    workspace_folders=[types.WorkspaceFolder(uri=root_uri, name=root.name)],
                    initialization_options=init_options,
                )
            ),
            TIMEOUT_S,
        )
        assert result.server_info is not None and result.server_info.name == "tilecheck"
        yield Editor(client, root)
        await asyncio.wait_for(client.shutdown_session(), TIMEOUT_S)  # shutdown, exit, wait
        assert process.returncode == 0
    finally:
        if process.returncode is None:
            process.kill()  # a failed test: do not wait for an exit that will not come
        await client.stop()  # type: ignore[no-untyped-call]


def _range_of(text: str, line_text: str, needle: str, occurrence: int = 1) -> types.Range:
    """The range of the ``occurrence``-th ``needle`` on the line ``line_text`` of ``text``."""
    line = text.splitlines().index(line_text)
    column = -1
    for _ in range(occurrence):
        column = line_text.index(needle, column + 1)
    return types.Range(
        types.Position(line=line, character=column),
        types.Position(line=line, character=column + len(needle)),
    )


async def test_mutable_alias_is_reported_then_cleared_when_fixed(tmp_path: Path) -> None:
    async with editor(tmp_path) as ed:
        uri = ed.open("app.py", MAIN)
        (found,) = await ed.findings(uri)
        assert found.code == "TC101"
        assert found.source == "tilecheck"
        assert found.severity == types.DiagnosticSeverity.Error
        # the primary span: the argument that repeats `z`
        assert found.range == _range_of(MAIN, BUGGY_CALL, "z", occurrence=2)
        assert found.code_description is None  # no published page to link to
        related = found.related_information or []
        assert related, "the secondary spans come as related information"
        assert all(r.location.uri == uri for r in related)
        assert _range_of(MAIN, BUGGY_CALL, "z.partition((64,))") in [
            r.location.range for r in related
        ]

        fixed = ed.replace(uri, BUGGY_CALL.strip(), FIXED_CALL.strip())
        assert await ed.findings(uri, fixed) == []


async def test_an_expression_too_long_to_parse_does_not_stall_other_documents(
    tmp_path: Path,
) -> None:
    """A 20,000-term sum would keep libcst's parser busy for minutes, and every other
    document's check behind it: it is a TC001 at once instead."""
    long_text = MAIN + "y = " + " + ".join(["1"] * 20_000) + "\n"
    async with editor(tmp_path) as ed:
        started = time.perf_counter()
        long_uri = ed.open("long.py", long_text)
        other = ed.open("app.py", MAIN)
        (found,) = await ed.findings(long_uri)
        assert found.code == "TC001" and "the file was not checked" in found.message
        assert [d.code for d in await ed.findings(other)] == ["TC101"]
        assert time.perf_counter() - started < 10


async def test_encoding_close_and_other_languages(tmp_path: Path) -> None:
    """Columns count UTF-16 code units for VS Code (an emoji before the finding is 2 of them);
    closing a document clears its findings; a document in another language is left alone."""
    call = f'    _ = "\N{GRINNING FACE}"; {BUGGY_CALL.strip()}'
    text = MAIN.replace(BUGGY_CALL, call)
    async with editor(tmp_path) as ed:
        notes = ed.open("notes.txt", MAIN, language_id="plaintext")
        uri = ed.open("app.py", text)
        (found,) = await ed.findings(uri)
        points = _range_of(text, call, "z", occurrence=2)
        assert found.range.start.character == points.start.character + 1
        assert found.range.end.character == points.end.character + 1

        ed.client.text_document_did_close(
            types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri))
        )
        cleared = await ed.next_published(uri)
        assert list(cleared.diagnostics) == []
        assert ed.client.published[notes].empty()


async def test_half_typed_code_and_stale_results_never_reach_the_editor(tmp_path: Path) -> None:
    """A file that does not parse is a TC001 or nothing, and the server lives on; edits that
    arrive while a long check runs (no debounce here) leave only the latest text's findings."""
    big = MAIN.replace(BUGGY_CALL, "\n".join([FIXED_CALL] * 400 + [BUGGY_CALL]))
    async with editor(tmp_path, init_options={"debounceMs": 0}) as ed:
        uri = ed.open("app.py", MAIN)
        assert [d.code for d in await ed.findings(uri)] == ["TC101"]
        for broken in (
            MAIN.replace(BUGGY_CALL, "    add(z.partition((64,)), z,"),
            MAIN + "\n" + "(" * 5000 + "\n",
            MAIN.replace("def main", "def main(((\0"),
            "import tilert\n\ndef f(:\n\tif x:\n  return\n",
        ):
            version = ed.set_text(uri, broken)
            codes = {d.code for d in await ed.findings(uri, version)}
            assert codes <= {"TC001"}, codes

        version = ed.set_text(uri, big)
        assert [d.code for d in await ed.findings(uri, version)] == ["TC101"]
        ed.replace(uri, BUGGY_CALL.strip(), FIXED_CALL.strip())  # clean...
        last = ed.replace(uri, FIXED_CALL.strip(), BUGGY_CALL.strip())  # ...and buggy again
        params = await ed.next_published(uri)
        assert params.version == last, f"published version {params.version}, not {last}"
        assert [d.code for d in params.diagnostics] == ["TC101"]


async def _quick_fix(ed: Editor, uri: str, diagnostic: types.Diagnostic) -> int:
    """Ask for the quick fixes of ``diagnostic``, apply the only one; the new version."""
    actions = await ed.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    (action,) = [a for a in actions or () if isinstance(a, types.CodeAction)]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[uri]
    lines = ed.texts[uri].split("\n")
    start, end = edit.range.start, edit.range.end
    assert start.line == end.line
    text = lines[start.line]
    lines[start.line] = text[: start.character] + edit.new_text + text[end.character :]
    return ed.set_text(uri, "\n".join(lines))


async def test_config_suppressions_and_quick_fixes(tmp_path: Path) -> None:
    """The nearest ``[tool.tilecheck]`` applies (``ignore``, ``exclude``; a broken one is
    reported); the quick fix adds a suppression that silences the finding, and removes it once
    it silences nothing."""
    (tmp_path / "vendored").mkdir()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.tilecheck]\nignore = ["TC101"]\nexclude = ["vendored"]\n'
    )
    sub = tmp_path / "strict"
    sub.mkdir()
    (sub / "pyproject.toml").write_text("[tool.tilecheck]\nselect = ['ALL']\n")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "pyproject.toml").write_text("[tool.tilecheck\n")
    async with editor(tmp_path) as ed:
        # a config that does not parse: said once, and the defaults apply meanwhile
        broken = ed.open("broken/app.py", MAIN)
        assert [d.code for d in await ed.findings(broken)] == ["TC101"]
        (warning,) = ed.client.messages
        assert warning.type == types.MessageType.Warning and "invalid TOML" in warning.message

        ignored = ed.open("app.py", MAIN)
        excluded = ed.open("vendored/app.py", MAIN)
        strict = ed.open("strict/app.py", MAIN)
        assert await ed.findings(ignored) == []
        assert await ed.findings(excluded) == []
        (found,) = await ed.findings(strict)
        assert found.code == "TC101"

        suppressed = await _quick_fix(ed, strict, found)
        assert f"{BUGGY_CALL}  # tilecheck: ignore[TC101]" in ed.texts[strict].splitlines()
        assert await ed.findings(strict, suppressed) == []

        fixed = ed.replace(strict, "z, x)", "x, x)")
        (unused,) = await ed.findings(strict, fixed)
        assert unused.code == "TC002"
        assert list(unused.tags or ()) == [types.DiagnosticTag.Unnecessary]
        cleaned = await _quick_fix(ed, strict, unused)
        assert FIXED_CALL in ed.texts[strict].splitlines()
        assert await ed.findings(strict, cleaned) == []


async def test_kernel_imported_from_another_file(tmp_path: Path) -> None:
    """The kernel's signature comes from kernels.py on disk, as for the CLI; when that file is
    saved or changes on disk, the importer is checked again."""
    kernels = tmp_path / "kernels.py"
    kernels.write_text(KERNELS)
    app = textwrap.dedent(f"""\
        import tilert as tr
        from tilert import f32

        from kernels import add


        def main() -> None:
            x = tr.ones((256,), dtype=f32)
            z = tr.zeros((256,), dtype=f32)
        {BUGGY_CALL}
        """)
    async with editor(tmp_path) as ed:
        uri = ed.open("app.py", app)
        (found,) = await ed.findings(uri)
        assert found.code == "TC101"
        assert found.range == _range_of(app, BUGGY_CALL, "z", occurrence=2)
        assert [r.method for r in ed.client.registrations] == [
            types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        ]

        # Edited and saved in the editor: `add` stops being a kernel, app.py has nothing left.
        kernels_uri = ed.open("kernels.py", KERNELS)
        assert await ed.findings(kernels_uri) == []
        ed.set_text(kernels_uri, KERNELS.replace("@tr.kernel\n", ""))
        kernels.write_text(ed.texts[kernels_uri])
        ed.save(kernels_uri)
        assert list((await ed.next_published(uri)).diagnostics) == []

        # Changed on disk behind the editor's back (a checkout): the file watcher tells.
        kernels.write_text(KERNELS)
        ed.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                [types.FileEvent(uri=kernels_uri, type=types.FileChangeType.Changed)]
            )
        )
        assert [d.code for d in (await ed.next_published(uri)).diagnostics] == ["TC101"]


GEMM = """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
    c.store(acc)


def main() -> None:
    a = tr.zeros((256, 128), dtype=f16)
    b = tr.zeros((128, 256), dtype=f16)
    c = tr.zeros((256, 256), dtype=f32)
    gemm(c.partition((64, 64)), a, b, 32).sync()
"""


async def _hover(
    ed: Editor, uri: str, line_text: str, needle: str, occurrence: int = 1
) -> str | None:
    """The hover text at the start of the ``occurrence``-th ``needle`` on ``line_text``."""
    at = _range_of(ed.texts[uri], line_text, needle, occurrence).start
    found = await ed.client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri=uri), at)
    )
    if found is None:
        return None
    assert isinstance(found.contents, types.MarkupContent)
    return found.contents.value.removeprefix("```python\n").removesuffix("\n```")


async def _inlay_hints(ed: Editor, uri: str) -> dict[tuple[int, int], str]:
    """Every inlay hint of the document, by (line, character)."""
    lines = ed.texts[uri].split("\n")
    whole = types.Range(types.Position(0, 0), types.Position(len(lines), 0))
    found = await ed.client.text_document_inlay_hint_async(
        types.InlayHintParams(types.TextDocumentIdentifier(uri=uri), whole)
    )
    hints = {}
    for hint in found or ():
        assert isinstance(hint.label, str) and hint.kind == types.InlayHintKind.Type
        hints[(hint.position.line, hint.position.character)] = hint.label
    return hints


async def test_hover_and_inlay_hints_show_the_inferred_tile_types(tmp_path: Path) -> None:
    """As cutile-lsp shows cuTile Python's: each tile value's shape and dtype (symbolic where
    the launch decides them), each launch argument's tensor; an edit shows the new ones."""
    async with editor(tmp_path) as ed:
        uri = ed.open("gemm.py", GEMM)
        assert await ed.findings(uri) == []
        store = "    c.store(acc)"
        assert await _hover(ed, uri, store, "acc") == "acc: Tile[f32, (bm, bn)]"
        mma = next(line for line in GEMM.splitlines() if "tl.mma" in line)
        assert await _hover(ed, uri, mma, "mma") == "tl.mma(...): Tile[f32, (bm, bn)]"
        assert await _hover(ed, uri, mma, "load_tile", 2) == "b.load_tile(...): Tile[f16, (bk, bn)]"
        launch = "    gemm(c.partition((64, 64)), a, b, 32).sync()"
        assert await _hover(ed, uri, launch, "a,") == "a: Tensor[f16, (256, 128)]"
        assert await _hover(ed, uri, launch, "c.partition") == (
            "c.partition((64, 64)): Partition of Tensor[f32, (256, 256)] in tiles (64, 64)"
        )
        assert await _hover(ed, uri, "def main() -> None:", "main") is None  # host code

        lines = GEMM.split("\n")
        zeros = lines.index("    acc = tl.zeros((bm, bn), tl.f32)")
        unpack = lines.index("    bm, bn = c.tile_shape")
        hints = await _inlay_hints(ed, uri)
        assert hints[(zeros, len("    acc"))] == ": Tile[f32, (bm, bn)]"
        assert hints[(unpack, len("    bm"))] == ": int = c.tile_shape[0]"
        assert hints[(unpack - 1, len("    i"))] == ": Tile[i32, ()]"

        ed.replace(uri, "acc = tl.zeros((bm, bn), tl.f32)", "acc = tl.zeros((bm, bn), tl.i32)")
        (found,) = await ed.findings(uri)
        assert found.code == "TC208"
        assert "into acc (bm, bn) i32: f16 inputs accumulate into f16 or f32" in found.message
        hints = await _inlay_hints(ed, uri)
        assert hints[(zeros, len("    acc"))] == ": Tile[i32, (bm, bn)]"


def test_import_tilecheck_does_not_need_pygls() -> None:
    code = (
        "import sys; sys.modules['pygls'] = None\n"
        "import tilecheck, tilecheck.lsp\n"
        "sys.exit(tilecheck.lsp.main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert 'pip install "tilecheck[lsp]"' in done.stderr


# -- the pieces, in process ------------------------------------------------------------------


def _lsp_diagnostics(source: str, found: list[Diagnostic]) -> list[types.Diagnostic]:
    """``found`` after the file's suppression comments, as the server publishes them."""
    kept = apply_suppressions(found, source, "app.py", frozenset(catalog()))
    return [
        to_lsp(
            d,
            uri="file:///app.py",
            lines=split_lines(source),
            codec=PositionCodec(),
            uri_for_path=lambda p: f"file://{p}",
        )
        for d in kept
    ]


def _apply(source: str, actions: list[types.CodeAction]) -> str:
    (action,) = actions
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes["file:///app.py"]
    lines = source.split("\n")
    start, end = edit.range.start, edit.range.end
    head = "\n".join([*lines[: start.line], lines[start.line][: start.character]])
    tail = "\n".join([lines[end.line][end.character :], *lines[end.line + 1 :]])
    return head + edit.new_text + tail


def _finding(code: str, line: int, column: int = 4) -> Diagnostic:
    return Diagnostic(code, "a finding", "app.py", Span(line, column, line, column + 1))


def test_a_code_joins_the_suppression_already_on_the_line() -> None:
    source = "import tilert\nuse(z)  # noqa: E501  # tilecheck: ignore[TC102]\n"
    found = [_finding("TC102", 2), _finding("TC104", 2)]
    diagnostics = _lsp_diagnostics(source, found)
    assert [d.code for d in diagnostics] == ["TC104"]
    fixed = _apply(source, code_actions("file:///app.py", source, diagnostics, PositionCodec()))
    assert fixed.splitlines()[1] == "use(z)  # noqa: E501  # tilecheck: ignore[TC102, TC104]"
    assert _lsp_diagnostics(fixed, found) == []


def test_no_suppression_where_a_comment_cannot_go() -> None:
    source = 'import tilert\ndoc = use(z, """\ntext\n""")\nother = 1 + \\\n    use(z)\n'
    diagnostics = _lsp_diagnostics(source, [_finding("TC102", 2, 6), _finding("TC102", 5, 8)])
    assert code_actions("file:///app.py", source, diagnostics, PositionCodec()) == []


@pytest.mark.parametrize(
    ("line", "found", "fixed"),
    [
        ("use(z)  # tilecheck: ignore[TC102]", [], "use(z)"),
        (
            "use(z)  # tilecheck: ignore[TC101, TC102]",
            [("TC101", 2)],
            "use(z)  # tilecheck: ignore[TC101]",
        ),
        ("use(z)  # tilecheck: ignore", [], "use(z)"),
    ],
)
def test_an_unused_suppression_is_removed(
    line: str, found: list[tuple[str, int]], fixed: str
) -> None:
    source = f"import tilert\n{line}\n"
    diagnostics = _lsp_diagnostics(source, [_finding(c, n) for c, n in found])
    assert [d.code for d in diagnostics] == ["TC002"]
    after = _apply(source, code_actions("file:///app.py", source, diagnostics, PositionCodec()))
    assert after == f"import tilert\n{fixed}\n"
    assert _lsp_diagnostics(after, [_finding(c, n) for c, n in found]) == []


def test_an_unused_file_suppression_line_is_removed_whole() -> None:
    source = "# tilecheck: ignore-file[TC105]\nimport tilert\n"
    diagnostics = _lsp_diagnostics(source, [])
    after = _apply(source, code_actions("file:///app.py", source, diagnostics, PositionCodec()))
    assert after == "import tilert\n"


def test_labels_become_message_lines_for_clients_without_related_information() -> None:
    found = Diagnostic(
        "TC102",
        "`y` is used while an op writes it",
        "app.py",
        Span(9, 10, 9, 20),
        (Label(Span(7, 14, 7, 50), "borrowed here by submit"),),
        ("ops release their borrows when waited on",),
    )
    converted = to_lsp(
        found,
        uri="file:///app.py",
        lines=["x"] * 12,
        codec=PositionCodec(),
        uri_for_path=str,
        support=ClientSupport(related_information=False),
    )
    assert converted.related_information is None and converted.code_description is None
    assert converted.message.splitlines() == [
        "`y` is used while an op writes it",
        "7:15: borrowed here by submit",
        "note: ops release their borrows when waited on",
    ]


def test_a_span_past_the_end_is_clamped() -> None:
    lines = split_lines("import tilert\nx = 1")
    clamped = span_to_range(Span(2, 4, 9, 0), lines, PositionCodec())
    assert clamped == types.Range(types.Position(1, 4), types.Position(1, 5))


async def test_an_engine_crash_is_logged_and_publishes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import tilecheck.engine

    def crash(*args: object, **kwargs: object) -> list[Diagnostic]:
        raise RecursionError("a bug in a rule")

    monkeypatch.setattr(tilecheck.engine, "check_source", crash)
    checker = Checker(is_current=lambda uri, generation: True)
    try:
        snapshot = Snapshot(
            uri="file:///app.py",
            path=tmp_path / "app.py",
            source=MAIN,
            generation=1,
            version=1,
            folders=(tmp_path,),
            codec=PositionCodec(),
            support=ClientSupport(),
        )
        outcome = await checker.check(snapshot)
    finally:
        checker.close()
    assert outcome.diagnostics == []
    ((level, message),) = outcome.logs
    assert level == types.MessageType.Error and "RecursionError: a bug in a rule" in message


def _message(payload: dict[str, Any]) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_exit_without_shutdown_ends_with_status_1() -> None:
    """The LSP specification: `exit` without a `shutdown` first exits with 1 (clients use the
    status to tell a crash from a clean stop)."""
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
    init = {"processId": None, "rootUri": None, "capabilities": {}}
    stdin = b"".join(
        _message(m)
        for m in (
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "exit"},
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "tilecheck.lsp"],
        input=stdin,
        capture_output=True,
        timeout=TIMEOUT_S,
        env={**os.environ, "PYTHONPATH": path},
        check=False,
    )
    assert done.returncode == 1, done.stderr


def test_a_config_broken_again_after_a_fix_is_shown_again() -> None:
    from tilecheck.lsp.server import TilecheckServer

    server = TilecheckServer()
    shown: list[str] = []
    server.window_show_message = lambda params: shown.append(params.message)  # type: ignore[method-assign]
    server.window_log_message = lambda params: None  # type: ignore[method-assign]
    for error in ("bad TOML", "bad TOML", None, "bad TOML"):
        server.report_config(error)
    assert shown == ["tilecheck: bad TOML (using the defaults)"] * 2
