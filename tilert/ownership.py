"""Run-time ownership: who borrows which tensor, and the BorrowError when two borrows clash.

Each tensor carries a list of borrows. A borrow is held by a ``Holder`` (a partition, an op, a
chain or a graph). Holders of one *group* (the ops of one ``.then`` chain, one ``tr.zip`` or
one graph) run in order, so they never conflict with each other: that is the hand-off of
DESIGN's "Ownership at run time"."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Protocol

from tilert._where import user_callsite
from tilert.errors import BorrowError

# One lock for all borrow tables: ops may complete on an executor thread (``await op``).
LOCK = threading.RLock()


class Group:
    """A set of holders that run in order (a chain, a zip, a graph) and so may share."""

    __slots__ = ("description",)

    def __init__(self, description: str) -> None:
        self.description = description


class Holder:
    """Something that holds borrows: a partition, an op, a chain or a graph."""

    __slots__ = ("group", "held", "label", "where")

    def __init__(
        self, label: str | Callable[[], str], where: str, group: Group | None = None
    ) -> None:
        self.label = label  # "partition of z", "op `add`"; a callable is formatted late
        self.where = where  # file:line in the user's code
        self.group = group
        self.held: list[tuple[Named, Borrow]] = []  # what to release

    @property
    def description(self) -> str:
        """Formatted only when a message needs it: launches stay cheap."""
        return self.label if isinstance(self.label, str) else self.label()

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


class Borrow:
    """One borrow of one tensor (identity-compared: releasing removes exactly this one)."""

    __slots__ = ("exclusive", "holder", "what", "where")

    def __init__(self, holder: Holder, exclusive: bool, what: str, where: str) -> None:
        self.holder = holder
        self.exclusive = exclusive
        self.what = what  # "partitioned", "written by op `add`", "read by op `add`"
        self.where = where


class Named(Protocol):
    """What a borrow table needs from a tensor: a name for messages, its borrows (a dict used
    as an ordered set: a tensor many ops read releases each borrow in O(1)) and how many of
    them are exclusive (a reader checks that count, not every other reader)."""

    _borrows: dict[Borrow, None]
    _exclusive: int

    def describe(self) -> str: ...


def _conflicts(t: Named, exclusive: bool, holder: Holder | None) -> list[Borrow]:
    if not exclusive and not t._exclusive:
        return []  # readers never conflict with readers
    return [
        b
        for b in t._borrows
        if (exclusive or b.exclusive) and (holder is None or not holder.same_group(b.holder))
    ]


def _explain(b: Borrow) -> str:
    kind = "exclusively borrowed" if b.exclusive else "borrowed for reading"
    return f"{kind} ({b.what}) at {b.where}"


def check_host_read(t: Named, action: str) -> None:
    """Reading on the host (or sharing with a foreign framework) needs no exclusive borrow."""
    if not t._borrows:
        return
    with LOCK:
        clash = _conflicts(t, exclusive=False, holder=None)
        if clash:
            raise BorrowError(
                f"cannot {action} {t.describe()}: it is {_explain(clash[0])}; "
                "sync, wait or await that op first"
            )


def check_host_write(t: Named, action: str) -> None:
    """Writing on the host (copy_from, partition) needs the tensor free."""
    if not t._borrows:
        return
    with LOCK:
        clash = _conflicts(t, exclusive=True, holder=None)
        if clash:
            b = clash[0]
            hint = (
                "pass the partition to a launch and sync it first"
                if b.what == "partitioned"
                else "sync, wait or await that op first"
            )
            raise BorrowError(f"cannot {action} {t.describe()}: it is {_explain(b)}; {hint}")


def acquire(
    t: Named, holder: Holder, exclusive: bool, what: str, where: str | None = None
) -> Borrow:
    """Take a borrow for ``holder`` or raise BorrowError naming the conflicting one."""
    with LOCK:
        return take(t, holder, exclusive, what, where or holder.where)


def take(t: Named, holder: Holder, exclusive: bool, what: str, where: str) -> Borrow:
    """``acquire`` for a caller that holds ``LOCK`` already (a launch takes all its borrows
    under one acquisition of the lock)."""
    borrows = t._borrows
    if borrows and (exclusive or t._exclusive):
        clash = _conflicts(t, exclusive, holder)
        if clash:
            b = clash[0]
            wanted = "write" if exclusive else "read"
            raise BorrowError(
                f"{holder.description} cannot {wanted} {t.describe()}: it is {_explain(b)}"
            )
    borrow = Borrow(holder, exclusive, what, where)
    borrows[borrow] = None
    if exclusive:
        t._exclusive += 1
    holder.held.append((t, borrow))
    return borrow


def release_all(holder: Holder) -> None:
    """Drop every borrow ``holder`` has: its op completed (or was dropped unrun)."""
    with LOCK:
        _release(holder)


def release_holders(holders: list[Holder]) -> None:
    """``release_all`` of each holder, under one acquisition of the lock."""
    with LOCK:
        for h in holders:
            _release(h)


def _release(holder: Holder) -> None:
    for t, borrow in holder.held:
        # absent (0) when tr.unsafe.force_release dropped it already
        if t._borrows.pop(borrow, 0) is None and borrow.exclusive:
            t._exclusive -= 1
    holder.held.clear()


def transfer(t: Named, old: Holder, new: Holder, what: str, where: str) -> None:
    """Move ``old``'s borrows of ``t`` to ``new`` (a partition consumed by an op)."""
    with LOCK:
        kept = []
        for owner, b in old.held:
            if owner is t:
                b.holder, b.what, b.where = new, what, where
                new.held.append((owner, b))
            else:
                kept.append((owner, b))
        old.held[:] = kept


# The hand-off: while a ``then`` callback runs or a graph is being captured, new holders join
# that group, so the chain or graph may pass a tensor from one op to the next.
class _HandoffStack(threading.local):
    def __init__(self) -> None:
        self.stack: list[Holder] = []


_handoff = _HandoffStack()


def current_handoff() -> Holder | None:
    stack = _handoff.stack
    return stack[-1] if stack else None


@contextlib.contextmanager
def handoff(holder: Holder) -> Iterator[None]:
    stack = _handoff.stack
    stack.append(holder)
    try:
        yield
    finally:
        stack.pop()


def new_holder(label: str | Callable[[], str], where: str | None = None) -> Holder:
    """A holder that joins the current hand-off group, if any."""
    stack = _handoff.stack
    return Holder(label, where or user_callsite(), stack[-1].group if stack else None)


def handoff_group() -> Group | None:
    """The group new holders join: the current hand-off's, if any."""
    stack = _handoff.stack
    return stack[-1].group if stack else None
