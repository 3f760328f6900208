"""Quick fixes: silence a finding with ``# tilecheck: ignore[CODE]`` on the line its primary
span starts on (where ``tilecheck.suppressions`` looks for it), or drop a suppression that
silences nothing (TC002).

A new code joins an ``ignore[...]`` list already on the line; otherwise the comment goes at the
line's end, after any other comment. No fix is offered where a comment cannot go: a line that
ends inside a string or continues with a backslash."""

from __future__ import annotations

import io
import tokenize
from collections.abc import Sequence

from lsprotocol import types
from pygls.workspace import PositionCodec

from tilecheck.codes import CODE_PATTERN, PARSE_ERROR, UNUSED_SUPPRESSION
from tilecheck.lsp.convert import SOURCE, split_lines
from tilecheck.suppressions import Suppression, parse_suppressions


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
    doc = _Document(source, codec)
    actions: list[types.CodeAction] = []
    for diagnostic in ours:
        if diagnostic.code == PARSE_ERROR:
            continue
        if diagnostic.code == UNUSED_SUPPRESSION:
            action = doc.remove_unused(uri, diagnostic)
        else:
            action = doc.suppress(uri, diagnostic)
        if action is not None:
            actions.append(action)
    return actions


class _Document:
    def __init__(self, source: str, codec: PositionCodec) -> None:
        self.source = source
        self.lines = split_lines(source)
        self.codec = codec
        self._suppressions: list[Suppression] | None = None
        self._open_ends: set[int] | None = None

    # -- adding a suppression -------------------------------------------------------------
    def suppress(self, uri: str, diagnostic: types.Diagnostic) -> types.CodeAction | None:
        code = str(diagnostic.code)
        line = diagnostic.range.start.line
        if not 0 <= line < len(self.lines) or not self._comment_fits(line):
            return None
        existing = [s for s in self.suppressions() if s.span.line == line + 1 and not s.file_level]
        if any(not s.codes or code in s.codes for s in existing):
            return None  # already silenced on this line: the finding is stale
        if existing:
            target = existing[0]
            edit = self._replace(target, _directive((*target.codes, code)))
        else:
            text = self.lines[line]
            kept = text.rstrip()
            edit = types.TextEdit(
                range=self._range(line, len(kept), line, len(text)),
                new_text=("  " if kept else "") + _directive((code,)),
            )
        return types.CodeAction(
            title=f"Suppress {code} on this line (# tilecheck: ignore[{code}])",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            edit=types.WorkspaceEdit(changes={uri: [edit]}),
        )

    def _comment_fits(self, line: int) -> bool:
        """Whether a comment may end ``line`` (0-based): not inside a string token, and not
        a line continued by a backslash."""
        text = self.lines[line]
        if text.rstrip().endswith("\\") and "#" not in text:
            return False
        return line + 1 not in self.open_ends()

    def open_ends(self) -> set[int]:
        """The 1-based lines whose end lies inside a string (a triple-quoted one spanning
        lines). A file tokenize cannot read is treated as having none."""
        if self._open_ends is None:
            ends: set[int] = set()
            try:
                for tok in tokenize.generate_tokens(io.StringIO(self.source).readline):
                    # only strings (and f-string parts) span lines
                    spans_lines = tok.end[0] > tok.start[0]
                    if spans_lines and tok.type not in (tokenize.NL, tokenize.NEWLINE):
                        ends.update(range(tok.start[0], tok.end[0]))
            except (tokenize.TokenError, SyntaxError):
                pass
            self._open_ends = ends
        return self._open_ends

    def suppressions(self) -> list[Suppression]:
        if self._suppressions is None:
            self._suppressions = parse_suppressions(self.source)[0]
        return self._suppressions

    # -- removing an unused one -----------------------------------------------------------
    def remove_unused(self, uri: str, diagnostic: types.Diagnostic) -> types.CodeAction | None:
        if not diagnostic.message.startswith("unused suppression"):
            return None  # a malformed comment: what was meant is for its author to say
        target = self._suppression_at(diagnostic.range.start)
        if target is None:
            return None
        unused = set(CODE_PATTERN.findall(diagnostic.message.rpartition("`")[2]))
        remaining = tuple(c for c in target.codes if c not in unused)
        if target.codes and remaining and len(remaining) < len(target.codes):
            dropped = ", ".join(c for c in target.codes if c in unused)
            title = f"Remove unused {dropped} from suppression"
            kind = "ignore-file" if target.file_level else "ignore"
            edit: types.TextEdit | None = self._replace(target, _directive(remaining, kind))
        else:
            title = "Remove unused suppression"
            edit = self._delete(target)
        if edit is None:
            return None
        return types.CodeAction(
            title=title,
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            is_preferred=True,
            edit=types.WorkspaceEdit(changes={uri: [edit]}),
        )

    def _suppression_at(self, position: types.Position) -> Suppression | None:
        for s in self.suppressions():
            start = self._position(s.span.line - 1, s.span.column)
            if (start.line, start.character) == (position.line, position.character):
                return s
        return None

    def _delete(self, target: Suppression) -> types.TextEdit | None:
        line = target.span.line - 1
        text = self.lines[line]
        if text[target.span.end_column :].strip():
            return None  # words follow the directive in its comment: keep them commented
        before = text[: target.span.column].rstrip()
        if before:
            return types.TextEdit(
                range=self._range(line, len(before), line, len(text)), new_text=""
            )
        if line + 1 < len(self.lines):  # a comment-only line: the whole line goes
            return types.TextEdit(range=self._range(line, 0, line + 1, 0), new_text="")
        return types.TextEdit(range=self._range(line, 0, line, len(text)), new_text="")

    # -- positions ------------------------------------------------------------------------
    def _replace(self, target: Suppression, text: str) -> types.TextEdit:
        span = target.span
        return types.TextEdit(
            range=self._range(span.line - 1, span.column, span.end_line - 1, span.end_column),
            new_text=text,
        )

    def _range(self, line: int, column: int, end_line: int, end_column: int) -> types.Range:
        return types.Range(
            start=self._position(line, column), end=self._position(end_line, end_column)
        )

    def _position(self, line: int, column: int) -> types.Position:
        """Code points into a line, in the client's units."""
        text = self.lines[line] if line < len(self.lines) else ""
        return types.Position(line=line, character=int(self.codec.client_num_units(text[:column])))


def _directive(codes: Sequence[str], kind: str = "ignore") -> str:
    unique = list(dict.fromkeys(codes))
    return f"# tilecheck: {kind}[{', '.join(unique)}]"
