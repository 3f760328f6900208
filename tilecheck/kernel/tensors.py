"""Which kernel parameter a local name stands for, through aliases (``w = z``), and which
tiles an index names (``for idx in z.tiles()``).

Flow-insensitive and conservative: a name that is bound to different things on different
paths stands for nothing in particular, and the rules say nothing about it."""

from __future__ import annotations

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.facts import Alias, BodyFacts, Origin, TileIndex, Unpack, Value
from tilecheck.kernel_signature import ParamKind

_AMBIGUOUS = ""


class Tensors:
    def __init__(self, facts: BodyFacts, kinds: dict[str, ParamKind]) -> None:
        self._facts = facts
        self._kinds = kinds
        self._roots: dict[str, str] = {}
        self._visiting: set[str] = set()
        self._may: dict[str, frozenset[str]] = {}

    def is_local(self, name: str) -> bool:
        return name in self._kinds or name in self._facts.locals

    def kind_of(self, name: str) -> ParamKind | None:
        """The kind of the parameter ``name`` stands for, or None."""
        root = self.root(name)
        return self._kinds.get(root) if root is not None else None

    def root(self, name: str) -> str | None:
        """The parameter that ``name`` always stands for, or None."""
        known = self._roots.get(name)
        if known is None:
            self._roots[name] = _AMBIGUOUS  # a cycle of aliases stands for nothing
            known = self._root(name)
            self._roots[name] = known
        return known or None

    def _root(self, name: str) -> str:
        roots: set[str] = set()
        if name in self._kinds:
            roots.add(name)
        elif name not in self._facts.locals:
            return _AMBIGUOUS
        for origin in self._facts.bindings.get(name, ()):
            if not isinstance(origin, Alias):
                return _AMBIGUOUS
            roots.add(self.root(origin.name) or _AMBIGUOUS)
        return roots.pop() if len(roots) == 1 else _AMBIGUOUS

    def may_stand_for(self, name: str) -> frozenset[str]:
        """Every parameter ``name`` may stand for on some path: a may-alias, through each of
        its bindings (``out = x`` in a branch, ``out = x if c else z``, a swap, a walrus)."""
        known = self._may.get(name)
        if known is not None:
            return known
        found: set[str] = set()
        seen: set[str] = set()
        stack = [name]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            origins = self._facts.bindings.get(current, ())
            if current in self._kinds and not origins:
                # a parameter the kernel rebinds is taken to hold what it is rebound to
                # (``x = z`` before ``x.store``: the syntax alone cannot tell which comes first)
                found.add(current)
            for origin in origins:
                if isinstance(origin, Alias):
                    stack.append(origin.name)
                elif isinstance(origin, Value):
                    stack.extend(value_names(origin.expr))
        answer = frozenset(found)
        self._may[name] = answer
        return answer

    def may_hold(self, expr: cst.BaseExpression) -> frozenset[str]:
        """Every parameter the value of ``expr`` may be (``x``, ``(w := x)``, ``x if c else
        z``)."""
        out: frozenset[str] = frozenset()
        for name in value_names(expr):
            out |= self.may_stand_for(name)
        return out

    def origins(self, name: str) -> list[Origin]:
        return self._facts.bindings.get(name, [])

    def tile_index(self, name: str) -> TileIndexPart | None:
        """What ``name`` always holds of a ``for ... in r.tiles()`` index: the whole index, or
        one element of it (a tuple target, or the index unpacked), through aliases; None if
        ``name`` is ever bound otherwise."""
        if name in self._visiting:
            return None  # a cycle of aliases holds nothing in particular
        self._visiting.add(name)
        try:
            parts = {self._index_part(origin) for origin in self.origins(name)}
        finally:
            self._visiting.discard(name)
        if len(parts) > 1 and None not in parts and _whole_of_one_receiver(parts):
            parts = {next(iter(parts))}  # several loops over one partition's tiles bind it
        if len(parts) != 1 or name in self._kinds:
            return None
        part = parts.pop()
        return part if part is not None and self.root(part.receiver) is not None else None

    def _index_part(self, origin: Origin) -> TileIndexPart | None:
        if isinstance(origin, TileIndex):
            target = origin.loop.target
            arity = len(target.elements) if isinstance(target, (cst.Tuple, cst.List)) else None
            if origin.position is None:
                arity = None
            return TileIndexPart(origin.receiver, origin.loop, origin.position, arity, origin.loop)
        if isinstance(origin, Alias):
            return self.tile_index(origin.name)
        if isinstance(origin, Unpack):
            whole = self.tile_index(origin.name)
            if whole is None or whole.position is not None:
                return None
            return TileIndexPart(
                whole.receiver, whole.loop, origin.position, origin.arity, origin.node
            )
        return None


def _whole_of_one_receiver(parts: set[TileIndexPart | None]) -> bool:
    """Whether each part is a whole tile index of one partition (from different loops): any of
    them names a tile the block owns, as the name does wherever it is used."""
    wholes = [p for p in parts if p is not None and p.position is None]
    return len(wholes) == len(parts) and len({p.receiver for p in wholes}) == 1


@frozen
class TileIndexPart:
    """A tile index of ``receiver``'s ``loop``: whole (``position`` None) or its element
    ``position`` of ``arity``, split apart by ``split`` (the loop's tuple target, or the
    statement that unpacked it): elements split apart together may be put back together."""

    receiver: str
    loop: cst.For
    position: int | None
    arity: int | None
    split: cst.CSTNode


def value_names(expr: cst.BaseExpression) -> list[str]:
    """The names whose value ``expr`` may be: itself a name, a walrus's value, either branch
    of a conditional expression or either operand of ``and``/``or``."""
    out: list[str] = []
    stack = [expr]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            out.append(current.value)
        elif isinstance(current, cst.NamedExpr):
            stack.append(current.value)
        elif isinstance(current, cst.IfExp):
            stack.extend((current.body, current.orelse))
        elif isinstance(current, cst.BooleanOperation):
            stack.extend((current.left, current.right))
    return out
