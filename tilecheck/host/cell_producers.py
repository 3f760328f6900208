"""A list's cells made by the calls that fill it and the operations that join lists (round
30H): ``xs = []`` then
``xs.append(a)``, ``xs.extend([b, c])``, ``xs += [d]``, ``xs.insert(0, e)`` keep each item at
its position, as the display ``[e, a, b, c, d]`` does, so that ``xs[-1]``, ``xs[0]``, a constant
slice or an unpacking read one item. The positions are kept only while the list's length is
one number on every path that reaches the call: its marker ``[#n]`` is in the state and no
marker of another length is (two paths that appended different counts, or a loop's turns,
leave both, and then the items are joined as before). Any other add, a store by a computed key,
or an insert elsewhere than the front clears the marker (``Containers.add_to``) as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.host.context import Context
from tilecheck.host.model import NOTHING, Many, Oids, Packed, Value, flatten
from tilecheck.syntax.constants import const_int


class Containers(Protocol):
    """What these rules read and write of ``tilecheck.host.containers.Containers``."""

    _lengths: dict[str, int]
    _grown: dict[str, set[int]]

    @property
    def env(self) -> Mapping[str, Oids]: ...
    @property
    def element(self) -> Element | None: ...
    @property
    def ctx(self) -> Context: ...
    def stored(self, path: str) -> Value | None: ...
    def store(self, path: str, value: Value) -> None: ...
    def set_env(self, name: str, oids: Oids | None) -> None: ...
    def drop_paths(self, name: str) -> None: ...
    def escape(self, value: Value) -> None: ...


def known_items(an: Containers, path: str) -> tuple[Value, ...] | None:
    """The items of the list kept under ``path`` by position, where its length is one number
    on every path here (None: not a list of known items)."""
    n = an._lengths.get(path)
    if n is None or f"{path}[#{n}]" not in an.env:
        return None
    value = an.stored(path)
    if not isinstance(value, Packed) or value.repeated or value.keys is not None:
        return None
    return value.items


def one_length(an: Containers, path: str, n: int) -> bool:
    """No marker of a length other than ``n`` is kept for a list this module filled: on
    every path here it is ``n`` items long (two paths that appended different counts, or a
    loop's turns, keep both markers)."""
    lengths = an._grown.get(path)
    return lengths is None or not any(m != n and f"{path}[#{m}]" in an.env for m in lengths)


def placed(an: Containers, path: str, old: int, items: tuple[Value, ...], same: int) -> None:
    """After ``add_to`` put the new items in: ``items`` at their positions (the first
    ``same`` of them where they were), the list ``old`` items long before."""
    for i in range(same, len(items)):
        at = f"{path}[{i}]"
        if i < old:
            an.drop_paths(at)
            an.set_env(at, None)
            an.set_env(at + "[*]", None)
        an.store(at, items[i])
    an.set_env(f"{path}[#{old}]", None)
    an._grown.setdefault(path, set()).update((old, len(items)))
    an._lengths[path] = len(items)
    an.set_env(f"{path}[#{len(items)}]", NOTHING)


# The calls that add items at a position this module follows, and those that move them.
FILLS = frozenset({"append", "appendleft", "extend", "insert"})
REORDERS = frozenset({"pop", "popleft", "remove", "sort", "reverse"})


def filled(
    an: Containers,
    path: str,
    name: str,
    before: tuple[Value, ...] | None,
    call: cst.Call,
    values: list[Value],
) -> Value:
    """After ``add_to``: the positions of the items a call of ``name`` added to a list of
    ``before`` items (None: not known; then the list stays joined)."""
    if before is None or not values:
        return NOTHING
    n, given = len(before), values[-1]
    if name == "append" and len(values) == 1:
        placed(an, path, n, (*before, given), n)
    elif name == "appendleft" and len(values) == 1:
        placed(an, path, n, (given, *before), 0)
    elif name == "extend" and len(values) == 1 and _plain(given):
        assert isinstance(given, Packed)
        placed(an, path, n, (*before, *given.items), n)
    elif name == "insert" and len(values) == 2 and not call.args[0].keyword:
        at = const_int(call.args[0].value, an.ctx.constants)
        if at is not None and (at == n or (at >= 0 and at > n)):
            placed(an, path, n, (*before, given), n)
        elif at is not None and (at == 0 or at < -n):
            placed(an, path, n, (given, *before), 0)
    return NOTHING


def extended_by(an: Containers, path: str, before: tuple[Value, ...] | None, value: Value) -> None:
    """``xs += [a, b]``: as ``xs.extend([a, b])``."""
    if before is not None and _plain(value):
        assert isinstance(value, Packed)
        placed(an, path, len(before), (*before, *value.items), len(before))


def _plain(value: Value) -> bool:
    return isinstance(value, Packed) and value.keys is None and not value.repeated


def joined(values: list[Value]) -> Value | None:
    """Lists one after another (``a + b``, ``[*a, x, *b]``, ``itertools.chain(a, b)``): the
    items position by position where every part's are known, else what any part may hold
    (their items distinct where each part's are and no two parts share one); None where a
    part is no list of the analysis's (a dict's keys, a scalar, unknown code's value)."""
    items: list[Value] = []
    known = True
    for value in values:
        if isinstance(value, Packed) and value.keys is None:
            items.extend(value.items)
        elif isinstance(value, Many):
            known = False
        else:
            return None
    if known:
        return Packed(tuple(items))
    parts = [flatten(v) for v in values]
    contents = frozenset().union(*parts)
    apart = sum(map(len, parts)) == len(contents) and all(map(distinct_items, values))
    return Many(contents, None, apart) if contents else NOTHING


def distinct_items(value: Value) -> bool:
    """A container's items are distinct objects: made one per item (a comprehension, appends),
    or a display whose items are known apart."""
    if isinstance(value, Many):
        return value.distinct
    if isinstance(value, Packed):
        seen: set[int] = set()
        for item in value.items:
            oids = flatten(item)
            if not oids or not seen.isdisjoint(oids):
                return False
            seen |= oids
        return True
    return False


def chained(an: Containers, call: cst.Call, values: list[Value]) -> Value:
    """``itertools.chain(a, b)``: the lists' items in turn; anything else given away."""
    found = None if any(a.star or a.keyword for a in call.args) else joined(values)
    if found is not None and not fed_back(an, call):
        return found
    for value in values:
        an.escape(value)
    return NOTHING


def fed_back(an: Containers, expr: cst.BaseExpression) -> bool:
    """``bufs = bufs[1:] + bufs[:1]``: the statement being run binds a name the joined
    expression reads. A list rebuilt from itself, in a loop, is another order of the same
    items each turn, which the join of the turns' positions cannot follow: such a join is left
    unknown, as before this round."""
    element = an.element
    stmt = element.node if element is not None else None
    if type(stmt) is not cst.Assign or stmt.value is not expr:
        return False
    bound = {t.target.value for t in stmt.targets if type(t.target) is cst.Name}
    return bool(bound) and any(type(n) is cst.Name and n.value in bound for n in _names(expr))


def _names(expr: cst.CSTNode) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children)
    return out


def root_of(path: str) -> str:
    return path.partition(".")[0].partition("[")[0]
