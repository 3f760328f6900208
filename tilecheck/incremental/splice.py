"""Parsing a new version of a document by re-parsing only the top-level statements an edit
touched, keeping every other statement's node from the previous tree.

Top-level statements start at column 0 on a fresh line, with no bracket or string open, so the
text of a run of them parses on its own as it does inside the file: the tree made of the old
statements before and after the edit and the new ones in between is the tree of the new text
(comment lines may be owned by a neighbouring node rather than another, which moves no node and
no line). The run re-parsed reaches one statement past each end of the edit, so an edit that
joins a statement to its neighbour (an indented line after a block) is parsed with it. Whenever
the region's parse could differ from the whole file's (it fails, it is not a run of whole
statements, it has another indentation unit or line ending than the file, it touches the
file's header or footer), the whole text is parsed instead, as ``parse_source`` does."""

from __future__ import annotations

import re

import libcst as cst

from tilecheck.diagnostics import Diagnostic
from tilecheck.frozen import frozen
from tilecheck.parsing import on_big_stack, parse_source, too_long_an_expression
from tilecheck.statement_positions import StatementMemo, line_count

_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_MOSTLY = 0.5  # a region of more than this share of the statements: parse it all


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` with their line breaks, as libcst counts them (``\\r\\n``, ``\\r``
    and ``\\n`` only, unlike ``str.splitlines``)."""
    return _LINES.findall(text)


@frozen
class Parsed:
    """A module and where each of its top-level statements lies: ``starts[i]`` is the first
    line (0-based) of statement ``i``'s text, leading comments included; ``starts[-1]`` the
    line after the last one. ``starts`` is None when the lines did not add up (the module is
    right; only statement texts are not known)."""

    source: str
    lines: list[str]
    module: cst.Module
    starts: list[int] | None

    def text(self, index: int) -> str:
        assert self.starts is not None
        return "".join(self.lines[self.starts[index] : self.starts[index + 1]])


class SpliceParser:
    """Parses successive versions of one document (see the module docstring)."""

    def __init__(self, memo: StatementMemo) -> None:
        self._memo = memo
        self._last: Parsed | None = None
        self.reparsed = 0  # statements parsed by the last call (for tests and logs)

    def parse(self, source: str, path: str) -> Parsed | Diagnostic:
        """The new version's module (or the TC001 finding that says why there is none)."""
        too_long = too_long_an_expression(source, path)
        if too_long is not None:
            self._last = None
            return too_long
        lines = split_lines(source)
        spliced = self._splice(source, lines) if self._last is not None else None
        if spliced is not None:
            self._last = spliced
            return spliced
        module = parse_source(source, path)
        if isinstance(module, Diagnostic):
            self._last = None
            return module
        parsed = Parsed(source, lines, module, self._starts(module, len(lines)))
        self._last = parsed if parsed.starts is not None else None
        self.reparsed = len(module.body)
        return parsed

    def _starts(self, module: cst.Module, lines: int) -> list[int] | None:
        starts = [sum(line_count(line) for line in module.header)]
        for statement in module.body:
            starts.append(starts[-1] + self._count(statement))
        footer = sum(line_count(line) for line in module.footer)
        return starts if starts[-1] + footer == lines else None

    def _count(self, statement: cst.CSTNode) -> int:
        counts = self._memo.line_counts
        count = counts.get(statement)
        if count is None:
            count = counts[statement] = line_count(statement)
        return count

    def _splice(self, source: str, lines: list[str]) -> Parsed | None:
        old = self._last
        assert old is not None and old.starts is not None
        body = old.module.body
        if not body:
            return None
        same = 0
        limit = min(len(lines), len(old.lines))
        while same < limit and lines[same] == old.lines[same]:
            same += 1
        if same == len(lines) == len(old.lines):
            self.reparsed = 0
            return Parsed(source, lines, old.module, old.starts)
        tail = 0
        while (
            tail < limit - same
            and lines[len(lines) - 1 - tail] == old.lines[len(old.lines) - 1 - tail]
        ):
            tail += 1
        first = _statement_at(old.starts, max(same - 1, 0))
        last = _statement_at(old.starts, len(old.lines) - tail)
        if first is None or last is None or (last - first + 1) > _MOSTLY * len(body):
            return None
        shift = len(lines) - len(old.lines)
        begin, end = old.starts[first], old.starts[last + 1] + shift
        if end <= begin:
            return None
        region = _parse_region("".join(lines[begin:end]))
        if region is None or not _fits(region, old.module):
            return None
        statements = _with_header(region)
        starts = old.starts[: first + 1]
        for statement in statements:
            starts.append(starts[-1] + self._count(statement))
        if starts[-1] != end:
            return None
        starts += [s + shift for s in old.starts[last + 2 :]]
        changes: dict[str, object] = {"body": [*body[:first], *statements, *body[last + 1 :]]}
        if end == len(lines):  # the region ends the file: its last line break is the file's
            changes["has_trailing_newline"] = region.has_trailing_newline
        module = old.module.with_changes(**changes)
        self.reparsed = len(statements)
        return Parsed(source, lines, module, starts)


def _statement_at(starts: list[int], line: int) -> int | None:
    """The statement whose text holds ``line`` (the last one for the line after them all);
    None for a line of the module's header or footer."""
    if line < starts[0] or line > starts[-1]:
        return None
    low, high = 0, len(starts) - 2
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= line:
            low = middle
        else:
            high = middle - 1
    return (
        low if starts[low] <= line and (line < starts[low + 1] or low == len(starts) - 2) else None
    )


def _parse_region(text: str) -> cst.Module | None:
    try:
        return on_big_stack(lambda: cst.parse_module(text))
    except (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError, SyntaxError):
        return None


def _fits(region: cst.Module, whole: cst.Module) -> bool:
    """Whether the region's statements mean in the file what they mean alone: whole
    statements (no comment lines of its own after them), the file's indentation unit and line
    ending (a block indented as the default is written without its indent)."""
    return (
        bool(region.body)
        and not region.footer
        and region.default_indent == whole.default_indent
        and region.default_newline == whole.default_newline
    )


def _with_header(region: cst.Module) -> list[cst.SimpleStatementLine | cst.BaseCompoundStatement]:
    """The region's statements, the comment lines before the first one given back to it (alone
    they were the region's header)."""
    body = list(region.body)
    if region.header:
        first = body[0]
        body[0] = first.with_changes(leading_lines=[*region.header, *first.leading_lines])
    return body
