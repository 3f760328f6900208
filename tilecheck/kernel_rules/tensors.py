"""Which kernel parameter a local name stands for, through aliases (``w = z``), and which
tiles an index names (``for idx in z.tiles()``).

Flow-insensitive and conservative: a name that is bound to different things on different
paths stands for nothing in particular, and the rules say nothing about it."""

from __future__ import annotations

from tilecheck.kernel_rules.facts import Alias, BodyFacts, Origin, TileIndex
from tilecheck.kernel_signature import ParamKind

_AMBIGUOUS = ""


class Tensors:
    def __init__(self, facts: BodyFacts, kinds: dict[str, ParamKind]) -> None:
        self._facts = facts
        self._kinds = kinds
        self._roots: dict[str, str] = {}

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

    def origins(self, name: str) -> list[Origin]:
        return self._facts.bindings.get(name, [])

    def tile_index_source(self, name: str, position: int | None) -> TileIndex | None:
        """The ``for ... in r.tiles()`` loop that always binds ``name`` (at ``position`` of its
        tuple target), or None if ``name`` is ever bound otherwise."""
        origins = self.origins(name)
        if not origins or name in self._kinds:
            return None
        loops = {o for o in origins if isinstance(o, TileIndex) and o.position == position}
        if len(loops) != len(origins):
            return None
        receivers = {self.root(o.receiver) for o in loops}
        first = next(iter(loops))
        return first if len(receivers) == 1 and None not in receivers else None
