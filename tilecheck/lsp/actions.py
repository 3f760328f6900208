"""Quick fixes as LSP code actions: "Suppress TC102 on this line", "Remove unused
suppression" (TC002) and "Wait on `p` at the end of its block" (TC108). What each edits is
computed by ``tilecheck.fixes``, which the CLI's ``--fix`` shares; this module only converts
positions between the client's units and code points."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types
from pygls.workspace import PositionCodec

from tilecheck.codes import PARSE_ERROR, PENDING_NEVER_WAITED, UNUSED_SUPPRESSION
from tilecheck.fixes import Edit, Fix, FixSource
from tilecheck.lsp.convert import SOURCE


def code_actions(
    uri: str,
    source: str,
    diagnostics: Sequence[types.Diagnostic],
    codec: PositionCodec,
) -> list[types.CodeAction]:
    """The quick fixes for the tilecheck findings among ``diagnostics`` (a code action
    request's context) in the document ``uri`` whose text is ``source``."""
    ours = [d for d in diagnostics if d.source == SOURCE and isinstance(d.code, str)]
    if not ours:
        return []
    fixes = FixSource(source)
    actions: list[types.CodeAction] = []
    for diagnostic in ours:
        if diagnostic.code == PARSE_ERROR:
            continue
        start = diagnostic.range.start
        fix: Fix | None
        if diagnostic.code == PENDING_NEVER_WAITED:  # the wait first, where there is one
            wait = fixes.wait(start.line, _code_points(fixes.lines, start, codec))
            if wait is not None:
                actions.append(_action(uri, wait, diagnostic, fixes.lines, codec))
        if diagnostic.code == UNUSED_SUPPRESSION:
            column = _code_points(fixes.lines, start, codec)
            fix = fixes.remove_unused(start.line, column, diagnostic.message)
        else:
            fix = fixes.suppress(str(diagnostic.code), start.line)
        if fix is not None:
            actions.append(_action(uri, fix, diagnostic, fixes.lines, codec))
    return actions


def _action(
    uri: str,
    fix: Fix,
    diagnostic: types.Diagnostic,
    lines: Sequence[str],
    codec: PositionCodec,
) -> types.CodeAction:
    edits = [_text_edit(edit, lines, codec) for edit in fix.edits]
    return types.CodeAction(
        title=fix.title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        is_preferred=True if fix.preferred else None,
        edit=types.WorkspaceEdit(changes={uri: edits}),
    )


def _text_edit(edit: Edit, lines: Sequence[str], codec: PositionCodec) -> types.TextEdit:
    return types.TextEdit(
        range=types.Range(
            start=_position(lines, edit.line, edit.column, codec),
            end=_position(lines, edit.end_line, edit.end_column, codec),
        ),
        new_text=edit.text,
    )


def _position(lines: Sequence[str], line: int, column: int, codec: PositionCodec) -> types.Position:
    """Code points into a line, in the client's units."""
    text = lines[line] if line < len(lines) else ""
    return types.Position(line=line, character=int(codec.client_num_units(text[:column])))


def _code_points(lines: Sequence[str], position: types.Position, codec: PositionCodec) -> int:
    """The code point column of ``position`` (in the client's units)."""
    text = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for index, char in enumerate(text):
        if units >= position.character:
            return index
        units += int(codec.client_num_units(char))
    return len(text)
