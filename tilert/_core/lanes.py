"""Concurrent branches of a captured graph. ``g.record(op, stream=s)`` puts ``op`` on a lane of
its own: it starts after every op recorded before it and runs beside the ops recorded after it,
until one of them needs it (writes what it reads, or touches what it writes: the graph's
stream waits for the lane first); the capture ends by waiting for every lane. The waits are
placed from the ops' borrows, taken when they are recorded, and for the ops a ``.then``
callback makes during the capture, from theirs as they are made: a branch never races the
graph's other ops. Where nothing is captured (the interpreter) the ops run one after another
in recorded order, one of the orders the captured graph allows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from tilert._core import ownership

MAIN = 0  # the lane of the graph's own stream

# what an op touches: (tensor, written); None where that is not known when it is recorded (a
# branch whose `.then` callbacks make ops as it runs): it conflicts with everything
Touches = list[tuple[Any, bool]] | None

# during a capture with branches: what to call before the op a `.then` callback returned runs
# (its holders, its stream), so the graph's stream waits for the branches that op needs
_before_chained: ContextVar[Callable[[Sequence[ownership.Holder], Any], None] | None] = ContextVar(
    "tilert_before_chained", default=None
)


def touches(holders: Sequence[ownership.Holder]) -> list[tuple[Any, bool]]:
    """The tensors an op's holders borrow and whether each is written (taken before a graph
    or chain absorbs their borrows)."""
    return [(t, ownership.holds_exclusively(h, t)) for h in holders for t in ownership.holdings(h)]


def conflict(a: Touches, b: Touches) -> bool:
    """Whether two ops must run in order: one writes memory the other touches."""
    if a is None or b is None:
        return True
    return any((wa or wb) and ownership.overlap(ta, tb) for ta, wa in a for tb, wb in b)


def before_chained(holders: Sequence[ownership.Holder], stream: Any) -> None:
    """Called by a chain before it runs an op its callback returned."""
    hook = _before_chained.get()
    if hook is not None:
        hook(holders, stream)


@dataclass
class Lanes:
    """The lanes of one graph: the user's stream of each, and each recorded op's lane and
    touches, from the first op recorded off the main lane on (before it, nothing to wait for)."""

    streams: dict[int, Any] = field(default_factory=dict)  # lane -> the user's stream
    entries: dict[int, tuple[int, Touches]] = field(default_factory=dict)  # op index -> entry
    _lane_of: dict[int, int] = field(default_factory=dict)  # id(stream) -> lane

    def record(
        self, index: int, holders: Sequence[ownership.Holder], chained: bool, stream: Any
    ) -> None:
        """Note op ``index``, recorded on ``stream``'s lane (the main lane when None)."""
        lane = MAIN if stream is None else self._lane(stream)
        if lane == MAIN and not self.entries:
            return  # no branch yet: the common case costs nothing
        known = None if chained and lane != MAIN else touches(holders)
        self.entries[index] = (lane, known)

    def capture(self, ops: Sequence[Any], target: Any, sides: dict[int, Any], order: Any) -> None:
        """Run ``ops``' steps for a capture on ``target``, each branch on a stream of its own
        (made into ``sides``), with ``order(waiter, writer)`` placing each fork and wait."""
        open_: dict[int, list[Touches]] = {}  # lane -> touches of its ops not waited for

        def wait_for(mine: Touches, lane: int) -> None:
            for other in [
                o for o, ts in open_.items() if o != lane and any(conflict(mine, t) for t in ts)
            ]:
                order(target, sides[other])
                del open_[other]

        def chained(holders: Sequence[ownership.Holder], stream: Any) -> None:
            if stream is target and open_:
                wait_for(touches(holders), MAIN)

        token = _before_chained.set(chained)
        try:
            for i, op in enumerate(ops):
                entry = self.entries.get(i)
                if entry is None:
                    op._run_steps(target)
                    continue
                lane, mine = entry
                wait_for(mine, lane)
                if lane == MAIN:
                    op._run_steps(target)
                    continue
                side = sides.get(lane)
                if side is None:
                    side = sides[lane] = type(target)()
                    side._capturing = True
                order(side, target)  # the fork: after everything before it
                open_.setdefault(lane, []).append(mine)
                op._run_steps(side)
            for lane in open_:  # a capture ends with every branch joined
                order(target, sides[lane])
        finally:
            _before_chained.reset(token)

    def _lane(self, stream: Any) -> int:
        lane = self._lane_of.get(id(stream))
        if lane is None:
            lane = self._lane_of[id(stream)] = len(self._lane_of) + 1
            self.streams[lane] = stream
        return lane
