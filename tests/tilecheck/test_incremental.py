"""An incremental check (``tilecheck.incremental``: the editor's server re-parses and
re-analyses only what an edit touched) finds exactly what a full check of the same text finds,
edit after edit, and does re-do only what the edit touched."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

import tilecheck.module_check
from tests.support import REPO
from tilecheck.config import Config
from tilecheck.diagnostics import Diagnostic
from tilecheck.engine import check_source, make_project
from tilecheck.incremental import Document

sys.path.insert(0, str(REPO / "benchmarks"))
from lsp_latency import BUGGY, FIXED, generate

PROGRAMS = REPO / "tests" / "tilecheck" / "programs"
EDITS = 25
_NAME = re.compile(r"\b[A-Za-z_]\w*\b")
_INT = re.compile(r"\b\d+\b")


def _corpus() -> list[Path]:
    """Programs with several top-level definitions (what one statement's findings may depend
    on), every example, and the catalog-style tile-type programs."""
    programs = sorted(PROGRAMS.glob("*.py"))
    several = [
        p for p in programs if p.read_text().count("\ndef ") + p.read_text().count("\nclass ") >= 3
    ]
    return several[::4] + sorted((REPO / "examples").glob("*.py"))


def _edit(text: str, rng: random.Random) -> str:
    """One edit as a person makes them: a line duplicated, removed, moved, indented or typed
    over, a name replaced by another of the file's (a call now reaching another helper), a
    number changed."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    kind = rng.randrange(7)
    if kind == 0:
        lines.insert(at, lines[rng.randrange(len(lines))])
    elif kind == 1 and len(lines) > 3:
        del lines[at]
    elif kind == 2 and at + 1 < len(lines):
        lines[at], lines[at + 1] = lines[at + 1], lines[at]
    elif kind == 3:
        lines[at] = rng.choice(["    ", ""]) + lines[at].removeprefix("    " * rng.randrange(2))
    elif kind == 4:
        lines.insert(at, rng.choice(["", "# a comment", "    x = 1", "y = tr.zeros((8,))"]))
    elif kind == 5:
        names = _NAME.findall(text)
        found = list(_NAME.finditer(lines[at]))
        if found and names:
            hit = rng.choice(found)
            line = lines[at]
            lines[at] = line[: hit.start()] + rng.choice(names) + line[hit.end() :]
    else:
        numbers = list(_INT.finditer(lines[at]))
        if numbers:
            hit = rng.choice(numbers)
            line = lines[at]
            lines[at] = line[: hit.start()] + str(rng.choice([1, 2, 8, 32, 64])) + line[hit.end() :]
    return "\n".join(lines)


def _both(text: str, path: str, document: Document) -> tuple[list[Diagnostic], list[Diagnostic]]:
    config = Config()
    project = make_project([PROGRAMS], config)
    return (
        check_source(text, path, config, project, document),
        check_source(text, path, config, project),
    )


@pytest.mark.parametrize("source", _corpus(), ids=lambda p: p.name)
def test_an_incremental_check_finds_what_a_full_check_finds(source: Path) -> None:
    rng = random.Random(source.name)
    text = source.read_text()
    document = Document()
    for number in range(EDITS):
        incremental, full = _both(text, str(source), document)
        assert incremental == full, (number, text)
        text = _edit(text, rng)


def test_a_long_module_edited_here_and_there_gives_the_full_checks_findings() -> None:
    """Each version's spliced tree is the text itself (its code is the text), and its findings
    are the full check's."""
    text, _ = generate(600)
    rng = random.Random(7)
    document = Document()
    for number in range(EDITS):
        incremental, full = _both(text, "app.py", document)
        assert incremental == full, number
        if document.parsed is not None:
            assert document.parsed.module.code == text, number
        text = _edit(text, rng)


def test_an_edit_re_parses_and_re_checks_only_what_it_touched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A launch changed in the last function: one statement parsed again, and of the
    module's many kernels only the one it launches checked again (its launches are what the
    tile-type rules read)."""
    checked: list[str] = []
    original = tilecheck.module_check.kernel_findings

    def counting(func, *args, **kwargs):  # type: ignore[no-untyped-def]
        checked.append(func.name.value)
        return original(func, *args, **kwargs)

    monkeypatch.setattr(tilecheck.module_check, "kernel_findings", counting)
    text, _ = generate(2000)
    document = Document()
    first = check_source(text, "app.py", Config(), None, document)
    assert [d.code for d in first] == ["TC101"] and len(checked) > 50
    checked.clear()
    fixed = text.replace(BUGGY, FIXED)
    assert check_source(fixed, "app.py", Config(), None, document) == []
    assert document.reparsed == 1
    assert checked == ["add"]


def test_a_file_changed_on_disk_is_read_again(tmp_path: Path) -> None:
    """A kernel imported from another file: when that file changes, what depended on it is
    checked again (the project's files are part of what findings are reused on)."""
    kernels = tmp_path / "kernels.py"
    kernels.write_text(
        "import tilert as tr\nfrom tilert import Mutable, Shared, Tensor, f32\n\n\n"
        "@tr.kernel\ndef add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:\n"
        "    z.store(x.load_tile(z.tile_shape, z.index))\n"
    )
    app = (
        "import tilert as tr\nfrom tilert import f32\n\nfrom kernels import add\n\n\n"
        "def main() -> None:\n    z = tr.zeros((64,), dtype=f32)\n"
        "    add(z.partition((8,)), z).sync()\n"
    )
    config = Config()
    project = make_project([tmp_path], config)
    document = Document()
    path = str(tmp_path / "app.py")
    assert [d.code for d in check_source(app, path, config, project, document)] == ["TC101"]
    kernels.write_text(kernels.read_text().replace("@tr.kernel\n", ""))
    later = check_source(app, path, config, project, document)
    assert later == check_source(app, path, config, project) == []
