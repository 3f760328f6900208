"""Run-time ownership: who borrows which tensor, and the BorrowError when two borrows clash.

Each tensor carries its borrows, by holder: a ``Holder`` is a partition's, an op's, a chain's or
a graph's. Holders of one *group* (the ops of one ``.then`` chain, one ``tr.zip`` or
one graph) run in order, so they never conflict with each other: that is the hand-off a chain
makes (docs/decisions.md, "Runtime ownership")."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Protocol

from tilert.errors import BorrowError

# One lock for all borrow tables: ops may complete on an executor thread (``await op``).
LOCK = threading.RLock()


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
        self.held: list[Named] = []  # the tensors it borrows: what to release

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


class PartitionHolder(Holder):
    """A partition's holder: its description names the partitioned tensor."""

    __slots__ = ("tensor",)

    def __init__(self, tensor: Named, where: str, group: Group | None) -> None:
        self.label = "partition"
        self.where = where
        self.group = group
        self.held = []
        self.tensor = tensor

    @property
    def description(self) -> str:
        return f"partition of {self.tensor.describe()}"


# One borrow of one tensor by one holder: (exclusive, what, where), e.g. (False, "read by op
# `add`", "train.py:12"). A plain tuple: a launch makes several, so they cost no Python call.
Borrow = tuple[bool, str, str]


class Named(Protocol):
    """What a borrow table needs from a tensor: a name for messages, its borrows by holder (a
    dict: a tensor many ops read releases each in O(1)) and how many of them are exclusive (a
    reader checks that count, not every other reader)."""

    _borrows: dict[Holder, Borrow]
    _exclusive: int

    def describe(self) -> str: ...


def _conflicts(t: Named, exclusive: bool, holder: Holder | None) -> list[tuple[Holder, Borrow]]:
    if not exclusive and not t._exclusive:
        return []  # readers never conflict with readers
    return [
        (h, b)
        for h, b in t._borrows.items()
        if (exclusive or b[0]) and (holder is None or not holder.same_group(h))
    ]


def _explain(b: Borrow) -> str:
    exclusive, what, where = b
    kind = "exclusively borrowed" if exclusive else "borrowed for reading"
    return f"{kind} ({what}) at {where}"


def _hint(h: Holder, default: str) -> str:
    """How to free a borrow: a graph's is freed by its close(), not by waiting."""
    group = h.group
    if group is not None and group.release_hint is not None:
        return f"{group.description} holds it: {group.release_hint}"
    return default


def check_host_read(t: Named, action: str) -> None:
    """Reading on the host (or sharing with a foreign framework) needs no exclusive borrow."""
    if not t._exclusive:
        return
    with LOCK:
        clash = _conflicts(t, exclusive=False, holder=None)
        if clash:
            raise BorrowError(
                f"cannot {action} {t.describe()}: it is {_explain(clash[0][1])}; "
                + _hint(clash[0][0], "sync, wait or await that op first")
            )


def check_host_write(t: Named, action: str) -> None:
    """Writing on the host (copy_from, partition) needs the tensor free."""
    if not t._borrows:
        return
    with LOCK:
        clash = _conflicts(t, exclusive=True, holder=None)
        if clash:
            h, b = clash[0]
            hint = _hint(
                h,
                "pass the partition to a launch and sync it first"
                if b[1] == "partitioned"
                else "sync, wait or await that op first",
            )
            raise BorrowError(f"cannot {action} {t.describe()}: it is {_explain(b)}; {hint}")


def take(t: Named, holder: Holder, exclusive: bool, what: str, where: str) -> None:
    """Borrow ``t`` for ``holder`` or raise BorrowError naming the conflicting borrow. The
    caller holds ``LOCK`` (a launch takes all its borrows under one acquisition of it)."""
    borrows = t._borrows
    if borrows and (exclusive or t._exclusive):
        clash = _conflicts(t, exclusive, holder)
        if clash:
            wanted = "write" if exclusive else "read"
            hint = _hint(clash[0][0], "")
            raise BorrowError(
                f"{holder.description} cannot {wanted} {t.describe()}: it is "
                f"{_explain(clash[0][1])}" + (f"; {hint}" if hint else "")
            )
        if holder in borrows:  # a holder borrows a tensor once (exclusively if at all)
            exclusive = exclusive or borrows[holder][0]
            if borrows[holder][0]:
                t._exclusive -= 1
    borrows[holder] = (exclusive, what, where)
    if exclusive:
        t._exclusive += 1
    holder.held.append(t)


def holds_exclusively(holder: Holder, t: Named) -> bool:
    """Whether ``holder`` writes ``t`` (the ops that make a launch ``t``'s last writer)."""
    borrow = t._borrows.get(holder)
    return borrow is not None and borrow[0]


def release_all(holder: Holder) -> None:
    """Drop every borrow ``holder`` has: its op completed (or was dropped unrun)."""
    release_holders([holder])


def release_holders(holders: list[Holder]) -> None:
    """``release_all`` of each holder, under one acquisition of the lock."""
    with LOCK:
        for holder in holders:
            for t in holder.held:  # a tensor tr.unsafe.force_release dropped is absent
                borrow = t._borrows.pop(holder, None)
                if borrow is not None and borrow[0]:
                    t._exclusive -= 1
            holder.held.clear()


# The hand-off: while a ``then`` callback runs or a graph is being captured, new holders join
# that group, so the chain or graph may pass a tensor from one op to the next. A context
# variable, as the current stream is: each asyncio task (and thread) has its own hand-off.
_handoff: ContextVar[tuple[Holder, ...]] = ContextVar("tilert_handoff", default=())


def current_handoff() -> Holder | None:
    stack = _handoff.get()
    return stack[-1] if stack else None


@contextlib.contextmanager
def handoff(holder: Holder) -> Iterator[None]:
    token = _handoff.set((*_handoff.get(), holder))
    try:
        yield
    finally:
        _handoff.reset(token)


def handoff_group() -> Group | None:
    """The group new holders join: the current hand-off's, if any."""
    stack = _handoff.get()
    return stack[-1].group if stack else None
