"""Source spans of libcst nodes, computed only when a finding needs one.

libcst's ``PositionProvider`` (through ``MetadataWrapper``) costs about twice a parse on a large
module, more than the checker's whole budget, and most files have no findings at all. So a
``PositionLookup`` does nothing until its first ``span()`` call; that call walks the tree once
with a lean code generator that records the same ranges as ``PositionProvider`` (syntactic
positions: no leading or trailing whitespace) at about a quarter of its cost, and every later
call is a dictionary look-up.

The lean generator plugs into libcst's code-generation hook (``CodegenState``), the one
``PositionProvider`` itself is built on, and records exactly what it records (the tests compare
the two). A kernel parsed alone (``inspect.getsource``, dedented) is placed
back in its file with ``line_offset`` and ``column_offset``."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import libcst as cst
from libcst._nodes.internal import CodegenState  # PositionProvider's own base
from libcst.metadata import MetadataWrapper

from tilecheck.diagnostics import Span

SpanOf = Callable[[cst.CSTNode], Span]
"""What the rule passes take: any callable from a node to its span (a ``PositionLookup`` is one)."""

_Point = tuple[int, int]
_Range = tuple[_Point, _Point]


def _newlines(value: str) -> tuple[int, int]:
    """(newlines in ``value``, length of its last line), counting ``\\r\\n``, ``\\r`` and ``\\n``
    as libcst does."""
    text = value.replace("\r\n", "\n").replace("\r", "\n")
    return text.count("\n"), len(text) - text.rfind("\n") - 1


class _Recording(AbstractContextManager[None]):
    """``record_syntactic_position`` without a generator frame per node."""

    __slots__ = ("_end_node", "_node", "_start", "_start_node", "_state")

    def __init__(
        self,
        state: Any,
        node: cst.CSTNode,
        start_node: cst.CSTNode | None,
        end_node: cst.CSTNode | None,
    ) -> None:
        self._state = state
        self._node = node
        self._start_node = start_node
        self._end_node = end_node
        self._start: _Point = (0, 0)

    def __enter__(self) -> None:
        self._start = (self._state.line, self._state.column)

    def __exit__(self, *exc: object) -> None:
        state = self._state
        ranges: dict[cst.CSTNode, _Range] = state.ranges
        start = ranges[self._start_node][0] if self._start_node is not None else self._start
        end = (
            ranges[self._end_node][1] if self._end_node is not None else (state.line, state.column)
        )
        ranges[self._node] = (start, end)


class _RangeRecorder(CodegenState):
    """Tracks the line and column as the text is generated and records node ranges."""

    def __init__(self, default_indent: str, default_newline: str) -> None:
        super().__init__(default_indent=default_indent, default_newline=default_newline)
        self.line = 1
        self.column = 0
        self.starts: list[_Point] = []
        self.ranges: dict[cst.CSTNode, _Range] = {}

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)  # Module's codegen looks at them at the end
        if "\n" in value or "\r" in value:
            lines, last = _newlines(value)
            self.line += lines
            self.column = last
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self.starts.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self.starts.pop()
        if node not in self.ranges:  # a syntactic position recorded inside wins
            self.ranges[node] = (start, (self.line, self.column))

    # The base declares a generator-based context manager; any context manager serves ``with``.
    def record_syntactic_position(  # type: ignore[override]
        self,
        node: cst.CSTNode,
        *,
        start_node: cst.CSTNode | None = None,
        end_node: cst.CSTNode | None = None,
    ) -> _Recording:
        return _Recording(self, node, start_node, end_node)


def _ranges_fast(module: cst.Module) -> dict[cst.CSTNode, _Range]:
    recorder = _RangeRecorder(module.default_indent, module.default_newline)
    module._codegen(recorder)
    return recorder.ranges


class PositionLookup:
    """Spans of the nodes of one parsed module, resolved on the first request.

    ``root`` is the parsed module (or a ``MetadataWrapper`` of it, built with
    ``unsafe_skip_copy=True`` so that its nodes are the ones the passes hold). Every line is
    moved down by ``line_offset`` and every column right by ``column_offset``: a function parsed
    on its own from dedented source reports the lines and columns of its file. Calling the
    lookup is the same as ``span``, so it can be passed wherever a ``SpanOf`` is expected."""

    def __init__(
        self,
        root: cst.Module | MetadataWrapper,
        *,
        line_offset: int = 0,
        column_offset: int = 0,
    ) -> None:
        self._module = root.module if isinstance(root, MetadataWrapper) else root
        self._line_offset = line_offset
        self._column_offset = column_offset
        self._ranges: dict[cst.CSTNode, _Range] | None = None

    @property
    def resolved(self) -> bool:
        """Whether positions have been computed (the first ``span`` call does it)."""
        return self._ranges is not None

    def span(self, node: cst.CSTNode) -> Span:
        """The node's syntactic range. A node that is not part of the module (a bug in the
        caller) gets the module's first line rather than an exception: a finding placed
        approximately is better than a crash inside the checker."""
        if self._ranges is None:
            self._ranges = _ranges_fast(self._module)
        found = self._ranges.get(node)
        if found is None:
            return Span.point(1 + self._line_offset, self._column_offset)
        (line, column), (end_line, end_column) = found
        return Span(
            line + self._line_offset,
            column + self._column_offset,
            end_line + self._line_offset,
            end_column + self._column_offset,
        )

    __call__ = span
