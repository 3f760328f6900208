"""The safe fix of TC108 (tilecheck/wait_fix.py): ``--fix`` inserts the missing ``.wait()``
where it is unambiguous and nowhere else, and the LSP offers the same edit as a quick fix."""

from __future__ import annotations

import gc
import importlib.util
import io
import textwrap
import warnings
from pathlib import Path

import pytest
from pygls.workspace import PositionCodec

from tilecheck.catalog import catalog
from tilecheck.cli.check import check
from tilecheck.config import Config
from tilecheck.engine import check_source
from tilecheck.lsp.actions import code_actions
from tilecheck.lsp.convert import split_lines, to_lsp
from tilecheck.suppressions import apply_suppressions

HEADER = """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)

"""

UNWAITED = HEADER + textwrap.dedent(
    """\

    def main() -> None:
        z = tr.ones((256,))
        pending = scale(z.partition((64,)), 2.0).submit()  # queued
        print("queued")
        return


    def loop() -> None:
        for _ in range(3):
            w = tr.ones((128,))
            p = scale(w.partition((64,)), 3.0).submit()
            print("next")
    """
)

WAITED = HEADER + textwrap.dedent(
    """\

    def main() -> None:
        z = tr.ones((256,))
        pending = scale(z.partition((64,)), 2.0).submit()  # queued
        print("queued")
        pending.wait()
        return


    def loop() -> None:
        for _ in range(3):
            w = tr.ones((128,))
            p = scale(w.partition((64,)), 3.0).submit()
            print("next")
            p.wait()
    """
)


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = check(list(argv), out, err, io.BytesIO())
    return code, out.getvalue() + err.getvalue()


def test_fix_inserts_the_missing_wait_and_the_file_then_passes(tmp_path: Path) -> None:
    app = tmp_path / "app.py"
    app.write_text(UNWAITED)
    assert "TC108" in run(str(app))[1]
    code, output = run("--fix", str(app))
    assert code == 0, output
    assert app.read_text() == WAITED
    assert run(str(app)) == (0, "All checks passed!\n")


@pytest.mark.usefixtures("interpreter")
def test_the_fixed_file_runs_with_nothing_left_unwaited(tmp_path: Path) -> None:
    app = tmp_path / "fixed_app.py"
    app.write_text(UNWAITED)
    run("--fix", str(app))
    spec = importlib.util.spec_from_file_location("fixed_app", app)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        spec.loader.exec_module(module)
        module.main()
        module.loop()
        gc.collect()
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize(
    "body",
    [
        # read again: the Pending is used (not TC108 at all, or not unambiguous)
        "p = scale(z.partition((64,)), 2.0).submit()\nkeep = [p]\n",
        # bound twice: which wait is meant is for the author to say
        "p = scale(z.partition((64,)), 2.0).submit()\n"
        "p = scale(y.partition((64,)), 2.0).submit()\n",
        # one line with another statement
        "x = 1; p = scale(z.partition((64,)), 2.0).submit()\n",
        # a one-line block
        "if z: p = scale(z.partition((64,)), 2.0).submit()\n",
    ],
)
def test_no_fix_where_the_wait_is_not_unambiguous(tmp_path: Path, body: str) -> None:
    source = (
        HEADER
        + "\ndef main() -> None:\n    z = tr.ones((256,))\n    y = tr.ones((256,))\n"
        + textwrap.indent(body, "    ")
    )
    app = tmp_path / "app.py"
    app.write_text(source)
    run("--fix", str(app))
    assert app.read_text() == source


@pytest.mark.parametrize(
    "source",
    [
        HEADER
        + "\nasync def main() -> None:\n    z = tr.ones((256,))\n"
        + "    p = scale(z.partition((64,)), 2.0).submit()\n",
        HEADER
        + "\ndef main(s: tr.Stream) -> None:\n    z = tr.ones((256,))\n    with s:\n"
        + "        p = scale(z.partition((64,)), 2.0).submit()\n",
    ],
    ids=["async", "with"],
)
def test_no_fix_in_async_code_or_a_with_block(tmp_path: Path, source: str) -> None:
    app = tmp_path / "app.py"
    app.write_text(source)
    run("--fix", str(app))
    assert app.read_text() == source


def test_the_lsp_offers_the_same_wait_as_a_quick_fix(tmp_path: Path) -> None:
    found = check_source(UNWAITED, "app.py", Config())
    kept = apply_suppressions(found, UNWAITED, "app.py", frozenset(catalog()))
    lines = split_lines(UNWAITED)
    diagnostics = [
        to_lsp(
            d,
            uri="file:///app.py",
            lines=lines,
            codec=PositionCodec(),
            uri_for_path=lambda p: f"file://{p}",
        )
        for d in kept
        if d.code == "TC108"
    ]
    assert len(diagnostics) == 2
    fixed = UNWAITED
    for diagnostic in reversed(diagnostics):  # the later one first: lines above stay put
        actions = code_actions("file:///app.py", fixed, [diagnostic], PositionCodec())
        titles = [a.title for a in actions]
        assert titles[0].startswith("Wait on `") and titles[1].startswith("Suppress TC108")
        assert actions[0].is_preferred
        assert actions[0].edit is not None and actions[0].edit.changes is not None
        (edit,) = actions[0].edit.changes["file:///app.py"]
        assert edit.range.start == edit.range.end  # an insertion
        at = edit.range.start
        text_lines = fixed.split("\n")
        text_lines.insert(at.line, edit.new_text.rstrip("\n"))
        fixed = "\n".join(text_lines)
    assert fixed == WAITED  # what --fix writes
