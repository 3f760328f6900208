"""Run-time ownership: who borrows which tensor, and the BorrowError when two borrows clash.

Each tensor carries its borrows, by holder: a ``Holder`` is a partition's, an op's, a chain's or
a graph's. Holders of one *group* (the ops of one ``.then`` chain, one ``tr.zip`` or
one graph) run in order, so they never conflict with each other: that is the hand-off a chain
makes (docs/decisions.md, "Runtime ownership")."""

from __future__ import annotations

import contextlib
import operator
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextvars import ContextVar, Token
from typing import Protocol, TypeVar

from tilert._core.regions import Region, overlaps
from tilert.errors import BorrowError

# One lock for all borrow tables: ops may complete on an executor thread (``await op``).
LOCK = threading.RLock()


class Epoch:
    """Counts the borrows ``tr.unsafe.force_release`` dropped. A graph replayed again skips
    looking for the writers of what it holds (its borrows let nothing else write it) only
    while the count is the one it saw: a dropped borrow lets others write."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0


FORCED = Epoch()


class Group:
    """A set of holders that run in order (a chain, a zip, a graph) and so may share."""

    __slots__ = ("description", "release_hint")

    def __init__(self, description: str, release_hint: str | None = None) -> None:
        self.description = description
        # what frees its borrows, when not the op's own completion ("close the graph ...")
        self.release_hint = release_hint


class Holder:
    """Something that holds borrows: a partition, an op, a chain or a graph."""

    __slots__ = ("group", "held", "label", "where")

    def __init__(self, label: str, where: str, group: Group | None = None) -> None:
        self.label = label  # "op `add`", "chain of op `add`", "graph captured at app.py:3"
        self.where = where  # file:line in the user's code
        self.group = group
        # the tensors it borrows in their tables: what to release (``()`` until it has one: a
        # launch's holder, whose borrows are inline, makes no list; see ``_held``)
        self.held: list[Named] | tuple[()] = []

    @property
    def description(self) -> str:
        """What a message calls it (subclasses format theirs only when a message needs it)."""
        return self.label

    def same_group(self, other: Holder) -> bool:
        return other is self or (self.group is not None and other.group is self.group)

    def __repr__(self) -> str:
        return f"<Holder {self.description} at {self.where}>"


class OpHolder(Holder):
    """An op's holder: ``label`` is the op's ("op `add`"); its description adds where the op
    was launched, formatted only when a message needs it."""

    __slots__ = ()

    @property
    def description(self) -> str:
        return f"{self.label} (launched at {self.where})"


# A partition holder's label until a launch takes the holder over (``PartitionHolder``)
PARTITION = "partition"


class PartitionHolder(Holder):
    """A partition's holder: its description names the partitioned tensor. The launch that
    consumes the partition takes it over as its own holder, where it would hold nothing else
    (its only partition, of the same group: ``take_over``): the holder then holds the launch's
    reads too and reads as the op's (label and ``where``), so a launch makes no holder of its
    own (docs/decisions.md, "Async": lighter borrow records).

    Its borrows may be *inline* (docs/decisions.md, "Async", round 7): its exclusive borrow of
    ``tensor`` as that tensor's ``_owner``, and the launch's reads as the tensors among
    ``reads`` (the launch's values), each counted in the tensor's ``_readers``, the holder in
    ``INLINE``. No table holds them until a conflict or a message needs them (``_to_tables``):
    ``writing`` and ``reading`` are what those borrows say then."""

    __slots__ = ("newer", "older", "reading", "reads", "tensor", "writing")

    def __init__(self, tensor: Named, where: str, group: Group | None) -> None:
        self.label = PARTITION
        self.where = where
        self.group = group
        self.held = ()
        self.tensor = tensor
        self.writing = "partitioned"
        self.reading = ""
        self.reads: tuple[object, ...] = ()
        # its neighbours in ``INLINE`` while it reads inline, else None
        self.newer: PartitionHolder | None = None
        self.older: PartitionHolder | None = None

    @property
    def description(self) -> str:
        if self.label == PARTITION:
            return f"partition of {self.tensor.describe()}"
        return f"{self.label} (launched at {self.where})"  # (taken over: an op's, as OpHolder)


def held_list(h: Holder) -> list[Named]:
    """``h.held`` as a list, made where it was the empty tuple."""
    held = h.held
    if type(held) is tuple:
        h.held = held = []
    return held  # type: ignore[return-value]


def take_over(holder: Holder, label: str, where: str, group: Group | None) -> bool:
    """Whether a launch (of ``label`` at ``where``, in ``group``) whose only holder would be
    its one unconsumed partition's ``holder`` takes that holder over as its own, relabelled;
    else it makes an ``OpHolder``. Only a holder of the launch's own group: a partition made
    outside a chain's callback and launched inside keeps its group apart."""
    if type(holder) is not PartitionHolder or holder.group is not group:
        return False
    holder.label = label
    holder.where = where
    return True


def give_back(holder: Holder, where: str) -> None:
    """Undo ``take_over`` for a launch refused after it (a reader's BorrowError): the holder is
    its partition's again, made at ``where``."""
    holder.label = PARTITION
    holder.where = where


# One borrow of one tensor by one holder: (exclusive, what, where), e.g. (False, "read by op
# `add`", "train.py:12"). A plain tuple: a launch makes several, so they cost no Python call.
Borrow = tuple[bool, str, str]


class Named(Protocol):
    """What a borrow table needs from a tensor: a name for messages, its borrows by holder (a
    dict: a tensor many ops read releases each in O(1)), how many of them are exclusive (a
    reader checks that count, not every other reader; inline ones included) and its family, if
    it has views or is one (None for the others: their borrows are checked alone). Besides the
    table, the inline borrows of the common launch: ``_owner``, the partition holder holding it
    exclusively, and ``_readers``, how many reads launches' holders in ``INLINE`` hold."""

    _borrows: dict[Holder, Borrow]
    _exclusive: int
    _family: Family | None
    _owner: PartitionHolder | None
    _readers: int

    def describe(self) -> str: ...


N = TypeVar("N", bound=Named)


class Family:
    """The tensors over one storage while it has views: the tensor made over it and its views,
    each with the region it covers. A borrow of one is checked against the borrows of every
    member whose region overlaps its own (docs/decisions.md, "Views"); each member keeps its own
    borrows, so releasing one is what it was. Members are held weakly: a dropped view borrows
    nothing (an op holds what it borrows), and when the last view goes, the base leaves the
    family (its launches may take the C path again)."""

    __slots__ = ("members", "near")

    def __init__(self) -> None:
        self.members: weakref.WeakKeyDictionary[Named, Region] = weakref.WeakKeyDictionary()
        # each member's overlapping members, found once (regions never change): id -> (the
        # member, those it overlaps), weakly; emptied when a member joins. A graph replay or a
        # launch loop over views asks again and again (a decode step: every KV-cache view).
        self.near: dict[int, tuple[weakref.ref[Named], list[weakref.ref[Named]]]] = {}


def join(base: Named, base_region: Region, view: Named, region: Region) -> None:
    """Make ``view`` (a view of ``base``'s storage) a member of ``base``'s family."""
    with LOCK:
        family = base._family
        if family is None:
            family = Family()
            family.members[base] = base_region
            base._family = family
        family.members[view] = region
        family.near.clear()
        view._family = family
    weakref.finalize(view, _view_dropped, family).atexit = False


def _view_dropped(family: Family) -> None:
    """A view of ``family`` was collected: with no view left, its base is alone again."""
    with LOCK:
        left = list(family.members.keys())  # (a view holds its base: the one left is the base)
        if len(left) == 1 and left[0]._family is family:
            left[0]._family = None


def overlapping(t: N) -> list[N]:
    """``t`` and the members of its family whose memory overlaps its own."""
    family = t._family
    if family is None:
        return [t]
    with LOCK:  # (members join under it)
        known = family.near.get(id(t))
        if known is not None and known[0]() is t:
            return [m for ref in known[1] if (m := ref()) is not None]  # type: ignore[misc]
        own = family.members[t]
        found = [m for m, r in family.members.items() if m is t or overlaps(own, r)]
        family.near[id(t)] = (weakref.ref(t), [weakref.ref(m) for m in found])
    return found  # type: ignore[return-value]


def overlap(a: Named, b: Named) -> bool:
    """Whether two tensors share memory: the same tensor, or members of one family whose
    regions overlap."""
    family = a._family
    if a is b:
        return True
    if family is None or b._family is not family:
        return False
    return overlaps(family.members[a], family.members[b])


# The holders whose launches read tensors inline (``PartitionHolder.reads``), in the order
# they took them: where a table must name a tensor's readers, they are found here. A ring
# through the holders (``older``, ``newer``), this one its head: joining and leaving it are a
# few slot stores (a dict's insert and pop measured 0.04 us of a launch's 0.76).
INLINE: PartitionHolder = PartitionHolder.__new__(PartitionHolder)
INLINE.newer = INLINE.older = INLINE
INLINE.label, INLINE.where, INLINE.group = "inline reads", "", None
INLINE.reads = INLINE.held = ()


def _join_inline(h: PartitionHolder) -> None:
    last = INLINE.older
    assert last is not None
    h.older, h.newer = last, INLINE
    last.newer = INLINE.older = h


def _leave_inline(h: PartitionHolder) -> None:
    older, newer = h.older, h.newer
    if older is not None and newer is not None:
        older.newer, newer.older = newer, older
    h.older = h.newer = None


def _inline_holders() -> list[PartitionHolder]:
    """The holders in ``INLINE``, oldest first."""
    out = []
    h = INLINE.newer
    while h is not None and h is not INLINE:
        out.append(h)
        h = h.newer
    return out


# The tensor class, whose instances among a holder's ``reads`` are the tensors it reads (set by
# tilert.tensor: this layer is below it)
READ_TYPE: type = type(None)


def read_inline(holder: PartitionHolder, values: tuple[object, ...], reading: str) -> None:
    """``holder`` reads the tensors among ``values`` inline: each counted in its ``_readers``,
    no table entry (the caller holds ``LOCK`` and found none of them written but in flight, and
    none with views)."""
    n = 0
    for v in values:
        if type(v) is READ_TYPE:
            v._readers += 1  # type: ignore[attr-defined]
            n += 1
    if n:
        holder.reads = values
        holder.reading = reading
        _join_inline(holder)


def _to_tables(h: PartitionHolder) -> None:
    """Move ``h``'s inline borrows into the tensors' tables (and its ``held``), as ``take``
    would have made them: a conflict or a message is about to read them. The caller holds
    ``LOCK``."""
    t = h.tensor
    if t._owner is h:
        t._owner = None
        t._borrows[h] = (True, h.writing, h.where)
        held_list(h).append(t)
    reads = h.reads
    if reads:
        reading: Borrow = (False, h.reading, h.where)
        for v in reads:
            if type(v) is READ_TYPE:
                r: Named = v  # type: ignore[assignment]
                r._readers -= 1
                if h not in r._borrows:
                    r._borrows[h] = reading
                    held_list(h).append(r)
        h.reads = ()
        _leave_inline(h)


def to_tables(t: Named) -> dict[Holder, Borrow]:
    """``t``'s borrow table with its inline borrows in it (the caller holds ``LOCK``)."""
    owner = t._owner
    if owner is not None:
        _to_tables(owner)
    if t._readers:
        for h in _inline_holders():
            if any(v is t for v in h.reads):
                _to_tables(h)
                if not t._readers:
                    break
    return t._borrows


def holdings(h: Holder) -> list[Named]:
    """Every tensor ``h`` borrows: its table borrows and its inline ones."""
    out = list(h.held)
    if type(h) is PartitionHolder:
        if h.tensor._owner is h:
            out.append(h.tensor)
        out += [v for v in h.reads if type(v) is READ_TYPE]  # type: ignore[misc]
    return out


def _release_inline(h: PartitionHolder) -> None:
    """Drop ``h``'s inline borrows (the caller holds ``LOCK``)."""
    t = h.tensor
    if t._owner is h:
        t._owner = None
        t._exclusive -= 1
    reads = h.reads
    if reads:
        for v in reads:
            if type(v) is READ_TYPE:
                v._readers -= 1  # type: ignore[attr-defined]
        h.reads = ()
        _leave_inline(h)


_group_of = operator.attrgetter("group")


def _conflicts(t: Named, exclusive: bool, holder: Holder | None) -> list[tuple[Holder, Borrow]]:
    if not exclusive and not t._exclusive:
        return []  # readers never conflict with readers
    borrows = to_tables(t)
    group = None if holder is None else holder.group
    if group is None:  # (``same_group``: only the holder itself)
        return [(h, b) for h, b in borrows.items() if (exclusive or b[0]) and h is not holder]
    # The ops of one chain or graph pile up on the tensor they pass on (each keeps its borrow
    # until the chain completes): one set of their groups, built in C, clears them all at once
    # (a chain of n collectives would otherwise test n holders one by one for each new op)
    if len(borrows) > 4 and set(map(_group_of, borrows)) == {group}:
        return []
    return [
        (h, b)
        for h, b in borrows.items()
        if (exclusive or b[0]) and h is not holder and h.group is not group
    ]


# A clash: the member of the family that holds the borrow, its holder and the borrow
Clash = tuple[Named, Holder, Borrow]


def _clashes(t: Named, exclusive: bool, holder: Holder | None) -> list[Clash]:
    """The borrows that forbid ``holder`` to borrow ``t``: its own, and those of the tensors of
    its family over memory it overlaps. The caller holds ``LOCK``."""
    family = t._family
    if family is None:
        return [(t, h, b) for h, b in _conflicts(t, exclusive, holder)]
    own = family.members[t]
    out: list[Clash] = []
    for m, region in list(family.members.items()):
        if (not m._borrows and m._owner is None and not m._readers) or (
            not exclusive and not m._exclusive
        ):
            continue
        if m is t or overlaps(own, region):
            out += [(m, h, b) for h, b in _conflicts(m, exclusive, holder)]
    return out


def _explain(b: Borrow) -> str:
    exclusive, what, where = b
    kind = "exclusively borrowed" if exclusive else "borrowed for reading"
    return f"{kind} ({what}) at {where}"


def _state(t: Named, clash: Clash) -> str:
    """What a message says of ``t``: its own borrow, or the overlapping tensor's."""
    m, _, b = clash
    if m is t:
        return f"it is {_explain(b)}"
    return f"it overlaps {m.describe()}, which is {_explain(b)}"


def _hint(h: Holder, default: str) -> str:
    """How to free a borrow: a graph's is freed by its close(), not by waiting."""
    group = h.group
    if group is not None and group.release_hint is not None:
        return f"{group.description} holds it: {group.release_hint}"
    return default


def check_host_read(t: Named, action: str) -> None:
    """Reading on the host (or sharing with a foreign framework) needs no exclusive borrow."""
    if not t._exclusive and t._family is None:
        return
    with LOCK:
        clash = _clashes(t, exclusive=False, holder=None)
        if clash:
            raise BorrowError(
                f"cannot {action} {t.describe()}: {_state(t, clash[0])}; "
                + _hint(clash[0][1], "sync, wait or await that op first")
            )


def check_host_write(t: Named, action: str) -> None:
    """Writing on the host (copy_from, partition) needs the tensor free."""
    if not t._borrows and not t._exclusive and not t._readers and t._family is None:
        return
    with LOCK:
        clash = _clashes(t, exclusive=True, holder=None)
        if clash:
            _, h, b = clash[0]
            hint = _hint(
                h,
                "pass the partition to a launch and sync it first"
                if b[1] == "partitioned"
                else "sync, wait or await that op first",
            )
            raise BorrowError(f"cannot {action} {t.describe()}: {_state(t, clash[0])}; {hint}")


def take(t: Named, holder: Holder, exclusive: bool, what: str, where: str) -> None:
    """Borrow ``t`` for ``holder`` or raise BorrowError naming the conflicting borrow. The
    caller holds ``LOCK`` (a launch takes all its borrows under one acquisition of it)."""
    borrows = t._borrows
    if t._family is not None or (
        (borrows or t._exclusive or t._readers) and (exclusive or t._exclusive)
    ):
        clash = _clashes(t, exclusive, holder)
        if clash:
            wanted = "write" if exclusive else "read"
            hint = _hint(clash[0][1], "")
            raise BorrowError(
                f"{holder.description} cannot {wanted} {t.describe()}: "
                f"{_state(t, clash[0])}" + (f"; {hint}" if hint else "")
            )
        if holder in borrows:  # a holder borrows a tensor once (exclusively if at all)
            exclusive = exclusive or borrows[holder][0]
            if borrows[holder][0]:
                t._exclusive -= 1
    borrows[holder] = (exclusive, what, where)
    if exclusive:
        t._exclusive += 1
    held_list(holder).append(t)


def holds_exclusively(holder: Holder, t: Named) -> bool:
    """Whether ``holder`` writes ``t`` (the ops that make a launch ``t``'s last writer)."""
    if t._owner is holder:
        return True
    borrow = t._borrows.get(holder)
    return borrow is not None and borrow[0]


def release_all(holder: Holder) -> None:
    """Drop every borrow ``holder`` has: its op completed (or was dropped unrun)."""
    release_holders((holder,))


def release_from(holder: Holder, start: int) -> None:
    """Drop the borrows ``holder`` took after its first ``start`` (a launch refused while it
    took its reads: a partition's holder it took over keeps the partition's own borrow). The
    caller holds ``LOCK``."""
    held = held_list(holder)
    for t in held[start:]:
        borrow = t._borrows.pop(holder, None)
        if borrow is not None and borrow[0]:
            t._exclusive -= 1
    del held[start:]


def release_holders(holders: Sequence[Holder]) -> None:
    """``release_all`` of each holder, under one acquisition of the lock."""
    with LOCK:
        for holder in holders:
            for t in holder.held:  # a tensor tr.unsafe.force_release dropped is absent
                borrow = t._borrows.pop(holder, None)
                if borrow is not None and borrow[0]:
                    t._exclusive -= 1
            if holder.held:
                holder.held.clear()  # (an empty tuple is false)
            if type(holder) is PartitionHolder:
                _release_inline(holder)


def fold_into(rep: Holder, holders: Sequence[Holder]) -> None:
    """Let ``rep`` stand for the borrows of ``holders`` (the ops a chain's callback made, now
    absorbed into the chain) where that changes no answer: ``rep`` is the chain's own holder,
    of their group and released with them or after them, so a borrow of ``rep`` at least as
    strong makes theirs redundant (dropped), and an op's borrow of a tensor ``rep`` does not
    hold, the newest of that tensor, moves to ``rep`` as it is (its kind and words, its place
    in the table: a message names the same first conflicting borrow). A chain of n ops over one
    tensor then leaves it two borrows, not n, and each new op checks those two. Only ops'
    holders (a partition's holder is the partition's: launches find it by it)."""
    group = rep.group
    with LOCK:
        for h in holders:
            if type(h) is not OpHolder or h.group is not group:
                continue
            for t in h.held:
                borrows = t._borrows
                borrow = borrows.get(h)
                if borrow is None:
                    continue
                kept = borrows.get(rep)
                if kept is None:
                    if next(reversed(borrows)) is h:  # (the newest: moved, it keeps its place)
                        del borrows[h]
                        borrows[rep] = borrow
                        held_list(rep).append(t)
                elif kept[0] or not borrow[0]:
                    del borrows[h]
                    if borrow[0]:
                        t._exclusive -= 1


# The hand-off: while a ``then`` callback runs or a graph is being captured, new holders join
# that group, so the chain or graph may pass a tensor from one op to the next. A context
# variable, as the current stream is: each asyncio task (and thread) has its own hand-off.
_handoff: ContextVar[tuple[Holder, ...]] = ContextVar("tilert_handoff", default=())


def current_handoff() -> Holder | None:
    stack = _handoff.get()
    return stack[-1] if stack else None


def enter_handoff(holder: Holder) -> Token[tuple[Holder, ...]]:
    """Start handing off to ``holder``'s group; ``leave_handoff`` with the token ends it (a
    chain's step calls the two itself: a generator's context manager took about 2 us of a
    chained collective's step on the CPU)."""
    return _handoff.set((*_handoff.get(), holder))


def leave_handoff(token: Token[tuple[Holder, ...]]) -> None:
    _handoff.reset(token)


@contextlib.contextmanager
def handoff(holder: Holder) -> Iterator[None]:
    """``with handoff(holder):``: ``enter_handoff`` and ``leave_handoff`` around the body."""
    token = enter_handoff(holder)
    try:
        yield
    finally:
        leave_handoff(token)


def handoff_group() -> Group | None:
    """The group new holders join: the current hand-off's, if any."""
    stack = _handoff.get()
    return stack[-1].group if stack else None
