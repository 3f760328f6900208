"""What one walk over a kernel body records for the checks: every name it binds and how,
every call, every dotted reference, every ``for`` loop, and the writes into items or
attributes. Nodes, not positions: positions are computed for findings only."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.findings import Finding


@frozen
class Alias:
    """``w = v``: ``w`` is whatever ``v`` is."""

    name: str
    node: cst.Name  # the ``v`` assigned


@frozen
class TileIndex:
    """A target of ``for idx in z.tiles():`` (``position`` picks an element of a tuple
    target, ``for i, j in z.tiles():``)."""

    receiver: str
    position: int | None
    loop: cst.For


@frozen
class Unpack:
    """``i, j = idx``: ``i`` is element ``position`` of the ``arity`` elements of ``idx``."""

    name: str
    position: int
    arity: int
    node: cst.Assign  # the unpacking statement: the elements one ``at=`` puts back together


@frozen
class Value:
    """``t = expr``: a value the shape inference may look into."""

    expr: cst.BaseExpression


@frozen
class Item:
    """``bm, bn = z.tile_shape``: element ``position`` of ``expr``'s value."""

    expr: cst.BaseExpression
    position: int


@frozen
class Augmented:
    """``t += expr``: ``t`` is ``t <op> expr``."""

    node: cst.AugAssign


@frozen
class LoopCounter:
    """``for k in range(...)``: an int (the backend decides whether a Python int or an i32)."""

    loop: cst.For


class Opaque:
    """Any other binding (a ``with`` target, an import, a lambda parameter, ...)."""


OPAQUE = Opaque()
Origin = Alias | TileIndex | Unpack | Value | Item | Augmented | LoopCounter | Opaque


@frozen
class CallSite:
    node: cst.Call
    dotted: str | None  # the callee as a Name/Attribute chain, if it is one
    tiles_loops: tuple[str, ...]  # receivers of the enclosing ``for ... in r.tiles()`` loops
    # whether the call runs whenever the kernel does: not under an ``if``, a ``while``, a loop
    # other than ``for ... in z.tiles()``, a conditional expression, the right of ``and``/``or``,
    # nor after a ``return``, ``break`` or ``continue`` (rules that would refuse a launch for
    # what a branch not taken does look only at these)
    always: bool = True


@dataclass
class BodyFacts:
    locals: set[str] = field(default_factory=set)
    bindings: dict[str, list[Origin]] = field(default_factory=dict)
    # each name a statement binds, with what it binds it to (the inlay hints' places)
    assigned: list[tuple[cst.Name, Origin]] = field(default_factory=list)
    calls: list[CallSite] = field(default_factory=list)
    references: list[tuple[cst.BaseExpression, str]] = field(default_factory=list)
    loops: list[cst.For] = field(default_factory=list)
    item_writes: list[cst.BaseExpression] = field(default_factory=list)  # ``a[i] = ``, ``a.b =``
    value_returns: list[cst.Return] = field(default_factory=list)
    # ``(call, lambda)`` for a lambda passed to a call: only tl.reduce and tl.scan take one
    lambda_arguments: list[tuple[cst.Call, cst.Lambda]] = field(default_factory=list)
    matmuls: list[cst.BinaryOperation] = field(default_factory=list)  # ``a @ b``
    findings: list[Finding] = field(default_factory=list)
