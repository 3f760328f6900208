"""The safe fix of TC108 (a Pending never waited on): ``p.wait()`` inserted where nothing can
be in doubt, else no fix.

The only case taken: the finding's submit is the whole value of ``p = <op>.submit(...)``, a
statement of its own in a function's or the module's code (not in a class body, a ``with``
block or an ``async def``, where a wait may be the wrong one), and ``p`` is written nowhere
else in that scope or any scope inside it: bound once, never read, never declared ``global``
or ``nonlocal``, so the Pending is stored, returned or passed nowhere. ``p.wait()`` then goes
at the end of the block the statement is in, with its indentation, before a ``return``,
``raise``, ``break`` or ``continue`` that ends the block. The host analysis reported TC108 at
that submit, so no later statement uses what the op borrows (that would be TC102-TC104, not
TC108): waiting at the block's end releases them where the block is done with them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, ParentNodeProvider, PositionProvider

from tilecheck.frozen import frozen
from tilecheck.syntax.walk import children

_ENDS = (cst.Return, cst.Raise, cst.Break, cst.Continue)  # a block's last word


@frozen
class Insertion:
    """``text`` (the wait, with its indentation and line ending) to insert at ``(line,
    column)`` (0-based, code points), waiting on the Pending named ``name``."""

    name: str
    line: int
    column: int
    text: str


def wait_insertion(source: str, lines: Sequence[str], line: int, column: int) -> Insertion | None:
    """The wait on the Pending of the submit whose call starts at ``(line, column)``
    (0-based, code points), or None where the case is not the plain one (see the module
    docstring)."""
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError:
        return None
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    call = next(
        (
            node
            for node, where in positions.items()
            if isinstance(node, cst.Call)
            and _is_submit(node)  # (``op(...)`` starts where ``op(...).submit()`` does)
            and (where.start.line, where.start.column) == (line + 1, column)
        ),
        None,
    )
    if call is None:
        return None
    assign = parents.get(call)
    statement = parents.get(assign) if assign is not None else None
    if not (
        isinstance(assign, cst.Assign)
        and len(assign.targets) == 1
        and isinstance(assign.targets[0].target, cst.Name)
        and isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
    ):
        return None
    name = assign.targets[0].target.value
    block = parents.get(statement)
    if not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None
    scope = _scope(block, parents)
    if scope is None or _occurrences(scope, name) != 1:
        return None
    return _insertion(name, block, statement, positions, lines, module.default_newline)


def _is_submit(call: cst.Call) -> bool:
    return isinstance(call.func, cst.Attribute) and call.func.attr.value == "submit"


def _scope(node: cst.CSTNode, parents: Mapping[cst.CSTNode, cst.CSTNode]) -> cst.CSTNode | None:
    """The function (or module) whose code ``node`` is in; None inside a class body, a
    ``with`` block or an ``async def``, where the plain wait may not be the one meant."""
    current: cst.CSTNode | None = node
    while current is not None:
        if isinstance(current, (cst.ClassDef, cst.With, cst.Lambda)):
            return None
        if isinstance(current, cst.FunctionDef):
            return None if current.asynchronous is not None else current
        if isinstance(current, cst.Module):
            return current
        current = parents.get(current)
    return None


def _occurrences(scope: cst.CSTNode, name: str) -> int:
    """How many times ``name`` is written in ``scope``, nested scopes included."""
    count = 0
    stack = [scope]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            count += 1
        stack.extend(children(node))
    return count


def _insertion(
    name: str,
    block: cst.IndentedBlock | cst.Module,
    statement: cst.SimpleStatementLine,
    positions: Mapping[cst.CSTNode, CodeRange],
    lines: Sequence[str],
    newline: str,
) -> Insertion | None:
    start = positions[statement].start
    indent = lines[start.line - 1][: start.column]
    if indent.strip():
        return None  # (not at the start of its line: `x = 1; p = op.submit()`)
    text = f"{indent}{name}.wait()"
    last = block.body[-1]
    if last is not statement and _ends_block(last):
        before = positions[last].start.line - 1
        return Insertion(name, before, 0, text + newline)
    end = positions[last].end.line  # the 0-based index of the line after it
    if end < len(lines):
        return Insertion(name, end, 0, text + newline)
    after = len(lines[end - 1])  # the file's last line, with no newline after it
    return Insertion(name, end - 1, after, newline + text)


def _ends_block(statement: cst.BaseStatement) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], _ENDS)
    )
