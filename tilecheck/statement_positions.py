"""Spans of a module's nodes, computed one top-level statement at a time.

A ``PositionLookup`` of the whole module generates its whole text with position tracking:
on a large module that costs about as much as the parse itself, for the sake of a handful of
findings. Here only the statements that hold a finding are measured that way (each as a module
of its own, moved down to its line). The lines before them are counted from the tree, without
generating text: every line break in the code is a ``Newline`` node, or sits inside a token's
text (a triple-quoted string, a backslash continuation). Top-level statements start at column
0, so columns need no moving."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from tilecheck.diagnostics import Span
from tilecheck.positions import PositionLookup, SpanOf
from tilecheck.syntax.walk import fields_reader

# Fields that hold whitespace and comments only: no node a finding points at lives there.
_WHITESPACE = (
    "whitespace",
    "leading_lines",
    "lines_after_decorators",
    "header",
    "footer",
    "newline",
    "indent",
    "trailing_whitespace",
)
_FIELDS: dict[type[cst.CSTNode], tuple[str, ...]] = {}


def _fields(cls: type[cst.CSTNode]) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if not f.name.startswith(_WHITESPACE))
        _FIELDS[cls] = names
    return names


def _nodes(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        for name in _fields(type(node)):
            value = getattr(node, name)
            kind = type(value)
            if kind is tuple or kind is list:
                stack.extend(v for v in value if _is_node(type(v)))
            elif _is_node(kind):
                stack.append(value)


# Each node class's field values, read at once (one C call per node); ``Any``: a field holds a
# node, a sequence of nodes, text or a sentinel, told apart by its exact type below.
_VALUES: dict[type[cst.CSTNode], Callable[[cst.CSTNode], tuple[Any, ...]]] = {}
_IS_NODE: dict[type, bool] = {}
_NONE = type(None)


def _breaks(text: str) -> int:
    if "\n" not in text and "\r" not in text:
        return 0
    return text.replace("\r\n", "\n").replace("\r", "\n").count("\n")


def _values(cls: type[cst.CSTNode]) -> Callable[[cst.CSTNode], tuple[Any, ...]]:
    read = _VALUES[cls] = fields_reader(tuple(f.name for f in dataclasses.fields(cls)))
    return read


def line_count(root: cst.CSTNode) -> int:
    """How many line breaks the code of ``root`` has (as its generated text would). Most
    nodes are whitespace and names: their text is read in place, not visited."""
    count = 0
    stack = [root]
    is_node = _IS_NODE
    while stack:
        node = stack.pop()
        cls = type(node)
        if cls is cst.Newline:
            count += 1
            continue
        for value in (_VALUES.get(cls) or _values(cls))(node):
            kind = type(value)  # (tested most common first: most values are empty)
            if kind is tuple or kind is list:
                if value:
                    stack.extend(value)
            elif kind is cst.SimpleWhitespace:  # a line break in it follows a backslash
                if "\\" in value.value:
                    count += _breaks(value.value)
            elif kind is cst.Name:
                if value.lpar or value.rpar:
                    stack.append(value)
            elif kind is _NONE or kind is cst.MaybeSentinel:
                pass
            elif kind is str:
                if "\n" in value or "\r" in value:
                    count += _breaks(value)
            elif kind is cst.TrailingWhitespace:  # every line's end: counted in place
                count += 1  # its ``Newline``
                if "\\" in value.whitespace.value:
                    count += _breaks(value.whitespace.value)
                if value.comment is not None:
                    stack.append(value.comment)
            elif kind is cst.Comma or kind is cst.Dot:  # their whitespace, read in place
                for space in (value.whitespace_before, value.whitespace_after):
                    if type(space) is cst.SimpleWhitespace:
                        if "\\" in space.value:
                            count += _breaks(space.value)
                    else:
                        stack.append(space)
            elif is_node.get(kind) or (kind not in is_node and _is_node(kind)):
                stack.append(value)
    return count


def _is_node(cls: type) -> bool:
    known = _IS_NODE.get(cls)
    if known is None:
        known = _IS_NODE[cls] = issubclass(cls, cst.CSTNode)
    return known


@dataclass
class StatementMemo:
    """What measuring a statement found, kept across checks of one document: a statement
    the next version of the text reuses unchanged (``tilecheck.incremental``) is not measured
    again. Keyed by the statement node itself; ``keep`` drops the statements gone."""

    line_counts: dict[cst.CSTNode, int] = field(default_factory=dict)
    lookups: dict[cst.CSTNode, PositionLookup] = field(default_factory=dict)  # from line 1

    def keep(self, statements: Sequence[cst.CSTNode]) -> None:
        alive = set(statements)
        for table in (self.line_counts, self.lookups):
            for gone in [s for s in table if s not in alive]:
                del table[gone]


class StatementPositions:
    """``span(node, near=i)``: the node's span, looked for in top-level statement ``i`` first
    (then outwards), measuring only the statements it has to."""

    def __init__(
        self,
        module: cst.Module,
        memo: StatementMemo | None = None,
        aliases: Mapping[cst.CSTNode, cst.CSTNode] | None = None,
        starts: Sequence[int] | None = None,
    ) -> None:
        self._module = module
        # a node an analysis rewrite rebuilt, by the source node it stands for (round 29G)
        self._aliases = aliases or {}
        self._body = module.body
        self._memo = memo if memo is not None else StatementMemo()
        # first line of each statement counted so far (all of them, where the source's lines
        # gave them: ``tilecheck.statement_lines``)
        self._starts: list[int] = list(starts) if starts is not None else []
        self._top_of: dict[cst.CSTNode, int] = {}
        self._walked: set[int] = set()
        self._whole: PositionLookup | None = None

    def scoped(self, near: int) -> SpanOf:
        """A ``SpanOf`` for the nodes of one statement (and, less cheaply, any other)."""

        def span_of(node: cst.CSTNode) -> Span:
            return self.span(node, near)

        return span_of

    def span(self, node: cst.CSTNode, near: int = 0) -> Span:
        if self._aliases:
            node = self._aliases.get(node, node)
        top = self._statement_of(node, near)
        if top is None:  # not under any statement (the module itself): measure everything
            if self._whole is None:
                self._whole = PositionLookup(self._module)
            return self._whole.span(node)
        found = self._lookup(top).span(node)
        moved = self._start(top) - 1
        return Span(found.line + moved, found.column, found.end_line + moved, found.end_column)

    def _statement_of(self, node: cst.CSTNode, near: int) -> int | None:
        found = self._top_of.get(node)
        if found is not None:
            return found
        count = len(self._body)
        near = min(max(near, 0), count - 1) if count else 0
        for distance in range(count):
            for index in (near - distance, near + distance):
                if 0 <= index < count and index not in self._walked:
                    self._walked.add(index)
                    for inner in _nodes(self._body[index]):
                        self._top_of[inner] = index
                    if node in self._top_of:
                        return self._top_of[node]
        return self._top_of.get(node)

    def _lookup(self, top: int) -> PositionLookup:
        """The spans of statement ``top``'s nodes, as if it started on line 1."""
        statement = self._body[top]
        lookup = self._memo.lookups.get(statement)
        if lookup is None:
            alone = cst.Module(
                body=[statement],
                encoding=self._module.encoding,
                default_indent=self._module.default_indent,
                default_newline=self._module.default_newline,
            )
            lookup = self._memo.lookups[statement] = PositionLookup(alone)
        return lookup

    def _start(self, top: int) -> int:
        """The line the statement's text (its leading comments and blank lines included)
        starts on."""
        if not self._starts:
            self._starts.append(1 + sum(line_count(line) for line in self._module.header))
        counts = self._memo.line_counts
        while len(self._starts) <= top:
            previous = len(self._starts) - 1
            statement = self._body[previous]
            count = counts.get(statement)
            if count is None:
                count = counts[statement] = line_count(statement)
            self._starts.append(self._starts[previous] + count)
        return self._starts[top]
