"""Fixes as text edits, computed once for both the LSP's quick fixes and the CLI's ``--fix`` /
``--add-noqa``: silence a finding with ``# tilecheck: ignore[CODE]`` on the line its primary
span starts on (where ``tilecheck.suppressions`` looks for it), drop a suppression that
silences nothing (TC002), or wait on a Pending never waited on where that is unambiguous
(TC108, ``tilecheck.wait_fix``).

A fix is *safe*, as ruff says, when applying it cannot change what the program means beyond
what the finding says is wrong: ``--fix`` applies those (removing an unused suppression,
inserting the missing wait); silencing a finding is never applied by ``--fix`` (``--add-noqa``
does it on request).

A new code joins an ``ignore[...]`` list already on the line; otherwise the comment goes at the
line's end, after any other comment. No fix is offered where a comment cannot go: a line that
ends inside a string or continues with a backslash. An unused code of a ``# noqa:`` leaves the
other codes of the comment (other tools' too) as they were.

Positions are 0-based lines (split as LSP splits them: only CR, LF and CRLF end a line) and
columns in code points; the LSP converts them to its client's units."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Sequence

from tilecheck.codes import CODE_PATTERN
from tilecheck.frozen import frozen, frozen_ordered
from tilecheck.suppressions import Suppression, parse_suppressions
from tilecheck.wait_fix import wait_insertion

_EOL = re.compile(r"\r\n|\r|\n")


@frozen_ordered
class Edit:
    """Replace the text from ``(line, column)`` to ``(end_line, end_column)`` (exclusive)."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@frozen
class Fix:
    title: str
    edits: tuple[Edit, ...]
    preferred: bool = False
    safe: bool = True  # ``--fix`` applies it (see the module docstring)


class FixSource:
    """The fixes one text offers (parsed lazily, once)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = _EOL.split(source)
        self._suppressions: list[Suppression] | None = None
        self._open_ends: set[int] | None = None

    # -- adding a suppression -------------------------------------------------------------
    def suppress(self, code: str, line: int) -> Fix | None:
        """``# tilecheck: ignore[code]`` on ``line`` (0-based)."""
        if not 0 <= line < len(self.lines) or not self._comment_fits(line):
            return None
        on_line = [s for s in self.suppressions() if s.span.line == line + 1 and not s.file_level]
        if any(not s.codes or code in s.codes for s in on_line):
            return None  # already silenced on this line: the finding is stale
        ours = [s for s in on_line if s.noqa is None]
        if ours:
            target = ours[0]
            edit = self._replace(target, _directive((*target.codes, code)))
        else:
            text = self.lines[line]
            kept = text.rstrip()
            edit = Edit(
                line, len(kept), line, len(text), ("  " if kept else "") + _directive((code,))
            )
        title = f"Suppress {code} on this line (# tilecheck: ignore[{code}])"
        return Fix(title, (edit,), safe=False)

    # -- waiting on a Pending (TC108) -------------------------------------------------------
    def wait(self, line: int, column: int) -> Fix | None:
        """``p.wait()`` for the Pending of the submit whose call starts at ``(line, column)``
        (0-based, code points: a TC108 finding's span), where ``tilecheck.wait_fix`` finds
        the one plain place for it."""
        found = wait_insertion(self.source, self.lines, line, column)
        if found is None:
            return None
        at = Edit(found.line, found.column, found.line, found.column, found.text)
        title = f"Wait on `{found.name}` at the end of its block ({found.name}.wait())"
        return Fix(title, (at,), preferred=True)

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
    def remove_unused(self, line: int, column: int, message: str) -> Fix | None:
        """Drop the suppression a TC002 finding at ``(line, column)`` (0-based, code points)
        with ``message`` reports, or its unused codes."""
        if not message.startswith("unused suppression"):
            return None  # a malformed comment: what was meant is for its author to say
        target = self._suppression_at(line, column)
        if target is None:
            return None
        unused = set(CODE_PATTERN.findall(message.rpartition("`")[2]))
        written = target.noqa if target.noqa is not None else target.codes
        remaining = tuple(c for c in written if c not in unused)
        if target.codes and remaining and len(remaining) < len(written):
            dropped = ", ".join(c for c in written if c in unused)
            title = f"Remove unused {dropped} from suppression"
            if target.noqa is not None:
                replacement = f"# noqa: {', '.join(remaining)}"
            else:
                replacement = _directive(
                    remaining, "ignore-file" if target.file_level else "ignore"
                )
            edit: Edit | None = self._replace(target, replacement)
        else:
            title = "Remove unused suppression"
            edit = self._delete(target)
        if edit is None:
            return None
        return Fix(title, (edit,), preferred=True)

    def _suppression_at(self, line: int, column: int) -> Suppression | None:
        for s in self.suppressions():
            if (s.span.line - 1, s.span.column) == (line, column):
                return s
        return None

    def _delete(self, target: Suppression) -> Edit | None:
        line = target.span.line - 1
        text = self.lines[line]
        if text[target.span.end_column :].strip():
            return None  # words follow the directive in its comment: keep them commented
        before = text[: target.span.column].rstrip()
        if before:
            return Edit(line, len(before), line, len(text), "")
        if line + 1 < len(self.lines):  # a comment-only line: the whole line goes
            return Edit(line, 0, line + 1, 0, "")
        return Edit(line, 0, line, len(text), "")

    def _replace(self, target: Suppression, text: str) -> Edit:
        span = target.span
        return Edit(span.line - 1, span.column, span.end_line - 1, span.end_column, text)


def _directive(codes: Sequence[str], kind: str = "ignore") -> str:
    unique = list(dict.fromkeys(codes))
    return f"# tilecheck: {kind}[{', '.join(unique)}]"


def apply_edits(source: str, edits: Sequence[Edit]) -> tuple[str, int]:
    """``source`` with the ``edits`` that do not overlap an earlier one applied, and how
    many were. Lines are split as ``FixSource`` splits them and keep their own endings."""
    pieces = re.split(r"(\r\n|\r|\n)", source)
    lines, endings = pieces[0::2], [*pieces[1::2], ""]
    starts: list[int] = []
    offset = 0
    for text, ending in zip(lines, endings, strict=True):
        starts.append(offset)
        offset += len(text) + len(ending)

    def at(line: int, column: int) -> int:
        if line >= len(lines):
            return len(source)
        return starts[line] + min(column, len(lines[line]))

    chosen: list[tuple[int, int, str]] = []
    for edit in sorted(edits):
        start, end = at(edit.line, edit.column), at(edit.end_line, edit.end_column)
        if chosen and start <= chosen[-1][1]:
            continue  # overlaps or touches the previous one: left for the next round
        chosen.append((start, end, edit.text))
    out = source
    for start, end, text in reversed(chosen):
        out = out[:start] + text + out[end:]
    return out, len(chosen)
