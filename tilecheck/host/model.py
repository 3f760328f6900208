"""The abstract state of the host analysis: which names hold which tilert objects, and what each
object that can hold a borrow (a partition, an op, a pending, a graph) holds on each path.

Objects are abstracted by creation site: every op made by one kernel call in a loop is the same
abstract op. The state is a may-state: a status bit set on some path is set in the merge, so
"may still be in flight" counts as in flight, as in Rust. Beside it, two must-facts survive
merges only when true on every path: pairs of names that hold different objects (``apart``),
and the names that cover what a holder borrows (``Hold.cover``), so that a name which may hold
either of two tensors is not taken for the one in flight when it never holds that one.

Two more must-facts serve the rules that report only what happens on every path (TC110,
TC111): ``bound``, the names that hold, on every path, the object their site made last (a
name bound on one path only, or to something untracked on another, is not bound); and
``taken``, the ops (the object their site made last) already run on every path, with where.
A last one, ``defs``, says what integer names index (``slot = step % 2``; a ``range``'s
counter lies between its bounds), for telling elements apart (``tilecheck.host.indices``)."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import field, replace
from itertools import compress
from operator import is_not
from types import MappingProxyType
from typing import TypeVar

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.indices import Affine, At, Axis, Bounds, Select

K = TypeVar("K")
V = TypeVar("V")


class Kind(enum.Enum):
    TENSOR = "tensor"
    PARTITION = "partition"
    OP = "op"
    PENDING = "pending"
    GRAPH = "graph"
    INSTANCE = "instance"  # of a class of the checked tree (its attributes hold its tensors)


# Status bits of a holder; a merge ORs them.
LIVE = 1  # holds its borrows: an unconsumed partition, unrun op, unwaited pending, open graph
CONSUMED = 2  # a partition passed to a launch
DONE = 4  # released: synced, waited, awaited, closed, or dropped
HANDED = 8  # an op submitted, chained, zipped or recorded: its borrows moved to another holder


@frozen
class Borrow:
    tensor: int  # the tensor's object id
    exclusive: bool


@frozen
class Hold:
    """What one holder is on the paths reaching a point."""

    status: int
    borrows: frozenset[Borrow] = frozenset()
    released_at: frozenset[cst.CSTNode] = frozenset()  # where it was released, on some path
    consumed_at: frozenset[cst.CSTNode] = frozenset()  # partitions: the launches that took them
    # Names that, on every path where it is live, hold between them every tensor it borrows
    # (``b`` for ``b.partition(...)``); None when unknown. A name known to hold a tensor apart
    # from each of them cannot be one it borrows (a ping-pong loop's ``a`` while ``b`` is
    # written, though after the merge either may hold either tensor). A name marked ``~``
    # (``SHARED_MARK``) holds tensors it only reads: a read need not be apart from it.
    cover: frozenset[str] | None = None
    # Stream order (docs/decisions.md, "Async"), on every path where it is live: a Pending of
    # ops that kernel calls made (no ``.then``, ``tr.zip`` or graph), whose writes later
    # launches may read; for an op, one a kernel call made outside a graph capture.
    ordered: bool = False
    # On every path where it is live, it is live only in the first turn of these loops: their
    # counter and its first value (``tilecheck.host.first_turn``).
    first_turn: frozenset[tuple[str, int]] = frozenset()
    # On every path where it is live, these flags (names only ever bound to ``True``, ``False``
    # or ``None``) have this truth value (``tilecheck.host.flag_gates``).
    gates: frozenset[tuple[str, bool]] = frozenset()
    # On every path where it is live, a local list of fixed length holds it at this index (a
    # constant, or a form of a counter: ``tilecheck.host.slot_facts``).
    slot: tuple[str, Axis] | None = None
    # On every path where it is live, the list ``lined[0]`` holds it at the index of the item
    # of the list ``lined[1]`` that its every exclusive borrow is (round 22N,
    # ``tilecheck.host.item_attributes``).
    lined: tuple[str, str] | None = None

    @property
    def live(self) -> bool:
        return bool(self.status & LIVE)

    def join(self, other: Hold) -> Hold:
        if other is self:
            return self
        merged = Hold(
            self.status | other.status,
            self._join_borrows(other),
            self.released_at | other.released_at,
            self.consumed_at | other.consumed_at,
            self._join_cover(other),
            self._join_ordered(other),
            self._join_first_turn(other),
            self._join_gates(other),
            self._join_slot(other),
            self.lined if self.lined is other.lined else self._join_lined(other),
        )
        return self if merged == self else merged

    def _join_borrows(self, other: Hold) -> frozenset[Borrow]:
        """What a holder released on one path (waited, synced, closed) holds nothing there:
        the borrows are those of the other path (a loop's summary of the Pendings of earlier
        iterations, some waited, holds only what the others borrow)."""
        if self.status == DONE:
            return other.borrows
        if other.status == DONE:
            return self.borrows
        return self.borrows | other.borrows

    def _join_ordered(self, other: Hold) -> bool:
        """A must-fact of the paths where the holder is live (a Pending waited on one side
        says nothing there)."""
        if not self.live:
            return other.ordered
        if not other.live:
            return self.ordered
        return self.ordered and other.ordered

    def _join_first_turn(self, other: Hold) -> frozenset[tuple[str, int]]:
        """A must-fact of the paths where the holder is live, as ``ordered``."""
        if not self.live:
            return other.first_turn
        if not other.live:
            return self.first_turn
        return self.first_turn & other.first_turn

    def _join_gates(self, other: Hold) -> frozenset[tuple[str, bool]]:
        """A must-fact of the paths where the holder is live, as ``ordered``."""
        if not self.live:
            return other.gates
        if not other.live:
            return self.gates
        return self.gates & other.gates

    def _join_slot(self, other: Hold) -> tuple[str, Axis] | None:
        """A must-fact of the paths where the holder is live, as ``ordered``."""
        if not self.live:
            return other.slot
        if not other.live:
            return self.slot
        return self.slot if self.slot == other.slot else None

    def _join_lined(self, other: Hold) -> tuple[str, str] | None:
        """A must-fact of the paths where the holder is live, as ``ordered``."""
        if not self.live:
            return other.lined
        if not other.live:
            return self.lined
        return self.lined if self.lined == other.lined else None

    def _join_cover(self, other: Hold) -> frozenset[str] | None:
        """A holder never live on one side covers nothing there: the other side's names."""
        if not self.live:
            return other.cover
        if not other.live:
            return self.cover
        if self.cover is None or other.cover is None:
            return None
        return self.cover | other.cover


@frozen
class ObjInfo:
    """What is known of an object without flow: its kind, where it is made, and its group (the
    graph whose capture it was made in: members of one group may pass tensors on)."""

    oid: int
    kind: Kind
    site: cst.CSTNode | None  # the creating expression; None for a free name or a parameter
    label: str  # "`z`", "op `scale`", "chained op", ...
    group: int | None = None
    rank: int | None = None  # tensors: the static rank, when the creation shows it
    seq: int = -1  # the CFG element that makes it (a later use in an earlier element: a loop)
    tensors: frozenset[int] = frozenset()  # partitions: the tensors they split
    # An element taken out of a container or a literal by a ``for`` loop, one per iteration:
    # the objects it may be (a use of either conflicts with the other's borrows).
    parents: frozenset[int] = frozenset()
    # Tensors: a view, or a tensor a view was made of (tilert checks their borrows by region,
    # and no launch reads them after an in-flight writer by stream order).
    viewed: bool = False
    # How it was taken from ``parents``: which element, or which part of their memory (a
    # loop's element of a slice: this iteration's, and one of the slice's).
    selects: tuple[Select, ...] = ()
    # Tensors a comprehension's holders borrow: the item of the container it walks at the
    # holder's own position (the root object of that lane, itself for it).
    lane: int | None = None


Oids = frozenset[int]
NOTHING: Oids = frozenset()


@frozen
class Packed:
    """A tuple or list expression's items, kept apart so ``a, b = x, y`` binds each; a dict
    display's values, with its constant ``keys``."""

    items: tuple[Value, ...]
    keys: tuple[str, ...] | None = None
    # ``[x] * n``: every item is the one object ``x`` evaluated to, at any index
    repeated: bool = False


@frozen
class Many:
    """A container whose items are not known one by one (a comprehension, a list appended
    to): what it may hold; ``path``: the name it is kept under, if any; ``distinct``: its items
    are different objects (made one per item), so that two indices that differ select two."""

    contents: Oids
    path: str | None = None
    distinct: bool = True
    lane: int | None = None  # a comprehension's result: its holders' lane (``ObjInfo.lane``)
    # a comprehension of tuples of one width: what each column may hold (a scalar column:
    # nothing), so that ``for part, d in jobs`` binds ``d`` to its own column only
    columns: tuple[Oids, ...] | None = None


Value = Oids | Packed | Many


# A cover's name through which only shared borrows were taken (a launch's read argument):
# ``~front``. A read conflicts with exclusive borrows alone, so a name apart from the others
# is apart from what the holder writes (round 26D: ``K.add(tiles(back), front, x)`` after
# ``front, back = back, front``, where ``front`` is read while the op writes ``back``).
SHARED_MARK = "~"
# A cover entry naming an object, not a name (``@12``: ``tilecheck.host.store``).
OBJECT_MARK = "@"


def shared_cover(cover: frozenset[str] | None) -> frozenset[str] | None:
    return None if cover is None else frozenset(SHARED_MARK + n for n in cover)


def cover_name(name: str) -> str:
    """The name (path) a cover's entry stands for, without its mark."""
    return name[1:] if name[:1] == SHARED_MARK else name


def cover_names(cover: frozenset[str], reading: bool) -> frozenset[str]:
    """The names that hold, between them, every tensor of the holder a use may conflict
    with: for a read of a tensor (``reading``), what the holder borrows exclusively."""
    written, every = _split_cover(cover)
    return written if reading else every


@functools.lru_cache(maxsize=4096)
def _split_cover(cover: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """A cover's unmarked names, and all its names without their marks."""
    if not any(n[:1] == SHARED_MARK for n in cover):
        return cover, cover
    return frozenset(n for n in cover if n[:1] != SHARED_MARK), frozenset(map(cover_name, cover))


def flatten(value: Value) -> Oids:
    if isinstance(value, frozenset):
        return value
    if isinstance(value, Many):
        return value.contents
    out: set[int] = set()
    for item in value.items:
        out |= flatten(item)
    return frozenset(out)


Pairs = frozenset[frozenset[str]]
NO_PAIRS: Pairs = frozenset()

# Where an op was run (or handed on): the CFG element (for the order), the node, how ("sync",
# "submit", "await", "then", "zip", "record", ...), and the ``with`` items around it (but
# ``tr.graph()``'s): one of them may swallow what the run raised (``pytest.raises``), so past
# its block the op may not have been run.
Run = tuple[int, cst.CSTNode, str, frozenset[cst.WithItem]]
Runs = frozenset[Run]
NO_BOUND: Mapping[str, int] = MappingProxyType({})
NO_DEFS: Mapping[str, Affine | Bounds | At] = MappingProxyType({})
NO_TAKEN: Mapping[int, Runs] = MappingProxyType({})


def pair(x: str, y: str) -> frozenset[str]:
    return frozenset((x, y))


def held_apart(env: Mapping[str, Oids], apart: Pairs, x: str, y: str) -> bool:
    """``x`` and ``y`` hold different objects on every path: their may-sets are disjoint, or
    the pair is known apart though both may hold the same objects (``a, b = b, a``)."""
    if x == y:
        return False
    if pair(x, y) in apart:
        return True
    ex, ey = env.get(x), env.get(y)
    return ex is not None and ey is not None and bool(ex) and bool(ey) and ex.isdisjoint(ey)


@frozen
class State:
    env: Mapping[str, Oids]
    holds: Mapping[int, Hold]
    # A must-relation: pairs of names that hold different objects on every path although
    # their may-sets overlap (disjoint may-sets need no pair).
    apart: Pairs = NO_PAIRS
    # Must-facts (see the module's docstring): a name -> the object it holds on every path;
    # an op -> where it was run, when it was run on every path.
    bound: Mapping[str, int] = field(default_factory=lambda: NO_BOUND)
    taken: Mapping[int, Runs] = field(default_factory=lambda: NO_TAKEN)
    # A must-relation: pairs of names that hold the same object, or both nothing, on every
    # path (``prev = pend``; before the loop, neither): where one is None, so is the other.
    same: Pairs = NO_PAIRS
    # A must-map: integer names defined, on every path, by an affine form of another name
    # (``slot = step % 2``), so that ``bufs[slot]`` is known as ``bufs[step % 2]``, or known
    # to be at least some value (``i`` of ``for i in range(1, n)``), or bound to a constant
    # (``dst = "y"``: ``pool[dst]`` is ``pool["y"]``).
    defs: Mapping[str, Affine | Bounds | At] = field(default_factory=lambda: NO_DEFS)

    def join(self, other: State) -> State:
        """The may-merge of two paths (the must-facts: those of both); returns ``self`` itself
        when ``other`` changes nothing."""
        if other is self:
            return self
        grown: list[str] = []  # the names whose may-set the merge grew
        env = _join_maps(self.env, other.env, _union, grown)
        holds = _join_maps(self.holds, other.holds, Hold.join)
        apart = self._join_apart(other, env, grown)
        bound = _meet_maps(self.bound, other.bound, _same)
        taken = _meet_maps(self.taken, other.taken, _union)
        same = self._join_same(other)
        defs = _carried_defs(_meet_maps(self.defs, other.defs, _same_def), self, other)
        if (
            env is self.env
            and holds is self.holds
            and apart == self.apart
            and bound is self.bound
            and taken is self.taken
            and same == self.same
            and defs is self.defs
        ):
            return self
        apart = self.apart if apart == self.apart else apart
        same = self.same if same == self.same else same
        return State(env, holds, apart, bound, taken, same, defs)

    def _join_same(self, other: State) -> Pairs:
        """Pairs the same on both paths; on a path where both names hold nothing tracked,
        a pair holds too."""
        if self.same == other.same:
            return self.same
        out = set(self.same & other.same)
        for p in self.same - other.same:
            if not any(other.env.get(n) for n in p):
                out.add(p)
        for p in other.same - self.same:
            if not any(self.env.get(n) for n in p):
                out.add(p)
        return frozenset(out)

    def _join_apart(self, other: State, env: Mapping[str, Oids], grown: list[str]) -> Pairs:
        """The pairs apart on both paths whose merged may-sets overlap (``env``: the merged
        environment; ``grown``: its names whose may-set is not this path's)."""
        if env is self.env and not self.apart:
            return NO_PAIRS  # overlapping here as before, and nothing was apart
        out: set[frozenset[str]] = set()
        for p in self.apart:
            x, y = sorted(p)
            if _overlap(env, x, y) and held_apart(other.env, other.apart, x, y):
                out.add(p)
        for x in grown:  # (an unchanged name's pairs are kept above)
            if env[x]:  # (holding nothing tracked, it overlaps no name)
                for y in env:
                    if (
                        _overlap(env, x, y)
                        and held_apart(self.env, self.apart, x, y)
                        and held_apart(other.env, other.apart, x, y)
                    ):
                        out.add(pair(x, y))
        return frozenset(out)


def _overlap(env: Mapping[str, Oids], x: str, y: str) -> bool:
    ex, ey = env.get(x), env.get(y)
    return x != y and ex is not None and ey is not None and not ex.isdisjoint(ey)


EMPTY_STATE = State({}, {})


def _union(a: frozenset[K], b: frozenset[K]) -> frozenset[K]:
    return a if b <= a else a | b


def _join_maps(
    left: Mapping[K, V],
    right: Mapping[K, V],
    join: Callable[[V, V], V],
    grown: list[K] | None = None,
) -> Mapping[K, V]:
    """Keys of both; a key on one side only keeps its value (absent means "not tracked").
    ``grown``: where to list the keys whose value is not ``left``'s."""
    if left is right:
        return left
    out: dict[K, V] | None = None
    for key in changed_keys(left, right):  # (a value joined with itself is itself)
        value = right[key]
        old = left.get(key)
        new = value if old is None else join(old, value)
        if new is not old:
            if out is None:
                out = copied(left)
            out[key] = new
            if grown is not None:
                grown.append(key)
    return left if out is None else out


def changed_keys(before: Mapping[K, V], after: Mapping[K, V]) -> Iterator[K]:
    """The keys of ``after`` whose value is not the very value ``before`` has (absent: None),
    compared in C: two paths' maps share most of their values, and the maps of a long module
    script hold thousands of names, each looked at by every merge."""
    return compress(after, map(is_not, map(before.get, after), after.values()))


def copied(mapping: Mapping[K, V]) -> dict[K, V]:
    """A copy to write in: ``dict.copy`` clones a dict's table in one step, where ``dict()``
    inserts the items one by one into a table some were deleted from (a holder map's)."""
    return mapping.copy() if isinstance(mapping, dict) else dict(mapping)


def _same(a: V, b: V) -> V | None:
    return a if a == b else None


def _same_def(a: Affine | Bounds | At, b: Affine | Bounds | At) -> Affine | Bounds | At | None:
    """The same fact, or the larger of two upper bounds alone (``len(q)`` holds at most so
    many items: ``tilecheck.host.queue_bounds``)."""
    if a == b:
        return a
    if isinstance(a, Affine) and isinstance(b, Affine) and a.beside != b.beside:
        if replace(a, beside=None) == replace(b, beside=None):  # narrowed on one path only
            return a if a.beside is not None else b
    if (
        isinstance(a, Bounds)
        and isinstance(b, Bounds)
        and a.least is None
        and b.least is None
        and a.below is not None
        and b.below is not None
    ):
        return a if a.below >= b.below else b
    return None


def _carried_defs(
    defs: Mapping[str, Affine | Bounds | At], left: State, right: State
) -> Mapping[str, Affine | Bounds | At]:
    """A form known beside a holder (``Affine.beside``) on one path only stays known where the
    other path's holder name holds nothing tracked (is None there): ``prev, prev_idx = cur,
    c`` in a loop, ``prev = None`` before it."""
    out: dict[str, Affine | Bounds | At] | None = None
    for one, other in ((left, right), (right, left)):
        if len(one.defs) == len(defs):
            continue  # (the meet keeps keys of both: none of this side's was dropped)
        kept = {
            name
            for name in one.defs.keys() - defs.keys()  # (the dropped ones, found in C)
            if isinstance(form := one.defs[name], Affine)
            and form.beside is not None
            and name not in other.defs
            and not other.env.get(form.beside)
        }
        if kept:
            if out is None:
                out = dict(defs)
            out.update((name, form) for name, form in one.defs.items() if name in kept)
    return defs if out is None else out


def _meet_maps(
    left: Mapping[K, V], right: Mapping[K, V], meet: Callable[[V, V], V | None]
) -> Mapping[K, V]:
    """Keys of both (a must-map: a fact missing on one side holds on neither)."""
    if left is right:
        return left
    out: dict[K, V] | None = None
    for key in changed_keys(right, left):  # (a value met with itself is itself)
        value = left[key]
        other = right.get(key)
        new = None if other is None else meet(value, other)
        if new is not value:
            if out is None:
                out = copied(left)
            if new is None:
                del out[key]
            else:
                out[key] = new
    return left if out is None else out


def referenced(env: Mapping[str, Oids]) -> set[int]:
    out: set[int] = set()
    for oids in env.values():
        out |= oids
    return out


SPAN = 1_000_000  # each call site's copy of a body numbers its elements from a multiple


def came_around(made: int, seq: int, made_here: bool) -> bool:
    """An object made at element ``made`` reaches the element ``seq`` around a back edge: made
    at or after it in the same body (not where one of them lies in a body run in place at a
    call, which numbers its elements apart), or at it on an earlier pass."""
    if (made >= SPAN or seq >= SPAN) and made // SPAN != seq // SPAN:
        return False
    return made > seq or (made == seq and not made_here)
