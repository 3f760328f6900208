"""Hover text and inlay hints of the inferred tile types, for one version of a document: the
hints (``tilecheck.kernel.hints``) of the statements the editor asks about, placed in the
client's position units. Statements are worked out when first asked for and kept for this
version (an editor asks for the visible ones after every edit and scroll)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from lsprotocol import types
from pygls.workspace import PositionCodec

from tilecheck.incremental.splice import Parsed
from tilecheck.kernel import ImportResolver
from tilecheck.kernel.hints import type_hints
from tilecheck.kernel.launches import Launches
from tilecheck.lsp.convert import span_to_range, split_lines
from tilecheck.statement_positions import StatementMemo, StatementPositions


@dataclass(frozen=True)
class _Placed:
    range: types.Range
    name: str
    text: str
    inlay: bool


class TileHints:
    def __init__(
        self,
        parsed: Parsed,
        kernel_decorators: tuple[str, ...],
        codec: PositionCodec,
        memo: StatementMemo,
    ) -> None:
        self.parsed = parsed
        self._resolver = ImportResolver(parsed.module, kernel_decorators)
        self._codec = codec
        self._lines = split_lines(parsed.source)
        self._positions = StatementPositions(parsed.module, memo)
        self._launches: Launches | None = None
        self._placed: dict[int, list[_Placed]] = {}

    def hover(self, position: types.Position) -> types.Hover | None:
        """The type of the innermost name, call or launch argument at ``position``."""
        inside = [
            p
            for p in self._hints(self._statements(position.line, position.line))
            if _contains(p.range, position)
        ]
        if not inside:
            return None
        best = min(inside, key=lambda p: _extent(p.range))
        text = f"```python\n{best.name}: {best.text}\n```"
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
            range=best.range,
        )

    def inlay_hints(self, within: types.Range) -> list[types.InlayHint]:
        """After each name a kernel's statement binds in ``within``: its type."""
        shown = self._hints(self._statements(within.start.line, within.end.line))
        return [
            types.InlayHint(
                position=p.range.end,
                label=f": {p.text}",
                kind=types.InlayHintKind.Type,
                padding_left=False,
            )
            for p in shown
            if p.inlay and _contains(within, p.range.end)
        ]

    def _statements(self, first: int, last: int) -> list[int]:
        """The module statements with a line in ``first..last`` (0-based, as LSP counts)."""
        starts = self.parsed.starts
        if starts is None:
            return list(range(len(self.parsed.module.body)))
        return [i for i in range(len(starts) - 1) if starts[i] <= last and starts[i + 1] > first]

    def _hints(self, statements: Collection[int]) -> list[_Placed]:
        todo = [i for i in statements if i not in self._placed]
        if todo:
            if self._launches is None:
                self._launches = Launches(self.parsed.module, self._resolver)
            for index in todo:
                self._placed[index] = []
            module = self.parsed.module
            for index, hint in type_hints(module, self._resolver, self._launches, todo):
                span = self._positions.span(hint.node, index)
                placed = _Placed(
                    span_to_range(span, self._lines, self._codec), hint.name, hint.text, hint.inlay
                )
                self._placed[index].append(placed)
        return [p for i in statements for p in self._placed[i]]


def _contains(outer: types.Range, position: types.Position) -> bool:
    point = (position.line, position.character)
    return (
        (outer.start.line, outer.start.character)
        <= point
        <= (
            outer.end.line,
            outer.end.character,
        )
    )


def _extent(within: types.Range) -> tuple[int, int]:
    return (within.end.line - within.start.line, within.end.character - within.start.character)
