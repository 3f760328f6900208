"""``tilecheck.fixes``: the edits behind the LSP's quick fixes and the CLI's ``--fix`` /
``--add-noqa``, one implementation for both."""

from __future__ import annotations

import pytest

from tilecheck.diagnostics import Diagnostic
from tilecheck.fixes import Edit, FixSource, apply_edits
from tilecheck.suppressions import apply_suppressions

KNOWN = frozenset({"TC002", "TC102", "TC105"})


def unused(source: str) -> list[Diagnostic]:
    return [d for d in apply_suppressions([], source, "m.py", KNOWN) if d.code == "TC002"]


def remove_unused(source: str) -> str:
    (d,) = unused(source)
    fix = FixSource(source).remove_unused(d.span.line - 1, d.span.column, d.message)
    assert fix is not None
    return apply_edits(source, fix.edits)[0]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("x = 1  # tilecheck: ignore[TC105]\n", "x = 1\n"),
        ("x = 1  # tilecheck: ignore[TC105, TC999]\ny = 2\n", "x = 1\ny = 2\n"),
        ("# tilecheck: ignore-file[TC105]\nx = 1\n", "x = 1\n"),
        ("x = 1  # noqa: TC105\n", "x = 1\n"),
        ("x = 1  # noqa: E501, TC105\n", "x = 1  # noqa: E501\n"),
        ("x = 1  # noqa:TC105,E501,W291\n", "x = 1  # noqa: E501, W291\n"),
        ("x = 1  # a note # noqa: TC105\r\ny = 2\r\n", "x = 1  # a note\r\ny = 2\r\n"),
    ],
)
def test_removing_unused_suppressions_keeps_everything_else(before: str, after: str) -> None:
    assert remove_unused(before) == after


def test_words_after_a_directive_keep_it() -> None:
    source = "x = 1  # noqa: TC105 because\n"
    (d,) = unused(source)
    assert FixSource(source).remove_unused(d.span.line - 1, d.span.column, d.message) is None


def test_suppress_joins_a_tilecheck_comment_never_a_noqa() -> None:
    def suppressed(source: str, code: str = "TC102") -> str | None:
        fix = FixSource(source).suppress(code, 0)
        return None if fix is None else apply_edits(source, fix.edits)[0]

    assert suppressed("use(x)\n") == "use(x)  # tilecheck: ignore[TC102]\n"
    assert suppressed("use(x)  # tilecheck: ignore[TC105]\n") == (
        "use(x)  # tilecheck: ignore[TC105, TC102]\n"
    )
    assert suppressed("use(x)  # noqa: E501\n") == (
        "use(x)  # noqa: E501  # tilecheck: ignore[TC102]\n"
    )
    assert suppressed("use(x)  # noqa: TC102\n") is None  # already silenced: stale finding
    assert suppressed('s = """\nx\n"""\n') is None  # the line ends inside a string


def test_apply_edits_defers_what_touches_an_earlier_edit() -> None:
    source = "ab\ncd\n"
    edits = [Edit(0, 0, 0, 1, "A"), Edit(0, 1, 0, 2, "B"), Edit(1, 0, 1, 1, "C")]
    assert apply_edits(source, edits) == ("Ab\nCd\n", 2)  # "B" waits for the next round
    assert apply_edits(source, [Edit(5, 0, 5, 0, "!")]) == ("ab\ncd\n!", 1)


def test_the_lsp_quick_fix_is_the_same_edit() -> None:
    pytest.importorskip("pygls")
    from lsprotocol import types
    from pygls.workspace import PositionCodec

    from tilecheck.lsp.actions import code_actions

    source = 's = "😋"  # noqa: E501, TC105\n'  # the emoji is two UTF-16 units in LSP
    (d,) = unused(source)
    start = types.Position(line=0, character=d.span.column + 1)
    lsp_d = types.Diagnostic(
        range=types.Range(start=start, end=start),
        message=d.message,
        code="TC002",
        source="tilecheck",
    )
    (action,) = code_actions("file:///m.py", source, [lsp_d], PositionCodec())
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes["file:///m.py"]
    assert edit.new_text == "# noqa: E501" and action.is_preferred
    assert edit.range.start.character == d.span.column + 1  # back in the client's units
    assert remove_unused(source) == 's = "😋"  # noqa: E501\n'
