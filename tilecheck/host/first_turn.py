"""Holders live in a loop's first turn only: a Pending submitted before ``for i in range(1,
n)`` that the body waits on (a pipeline's prologue) is still in flight at the head only on the
way in, when ``i`` is ``1``. Its holder keeps that as a must-fact (``Hold.first_turn``: the
counter and its first value), set on the way in and dropped where the holder is still live
around the loop, so ``stage[(i + 1) % 2]`` in the body is known to be ``stage[0]`` wherever
the prologue's ``stage[1]`` may still be written (round 9 of issue 17)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.flow.cfg import CFG
from tilecheck.host.carried import carried_names
from tilecheck.host.indices import Affine, At, Bounds, Select
from tilecheck.host.loop_columns import Counting
from tilecheck.host.messages import Use
from tilecheck.host.model import Hold, Kind, Oids, Value, came_around
from tilecheck.host.overwrites import Overwrites
from tilecheck.host.turn_order import counter_of, innermost, loop_spans
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import target_names


class FirstTurns(Overwrites):
    __slots__ = ("_carriers", "_deferred", "_direct", "_spans", "_starts", "_turn_counters")

    body_cfg: CFG | None  # the body analysed (``BodyAnalysis.run_body``)

    def __init__(self, ctx: object) -> None:
        Overwrites.__init__(self, ctx)
        self._turn_counters: set[str] = set()  # counters some holder's first-turn fact names
        self._direct: Oids = frozenset()  # the tensors of the use being checked
        self._starts: dict[str, int] = {}  # a counter -> its first value, when a loop began
        self._spans: list[tuple[int, int, cst.For | cst.While]] | None = None  # the loops
        self._deferred: int | None = None  # the order a later-turn-only finding takes
        # a holder name -> the indices carried beside it (``tilecheck.host.carried``), by body
        self._carriers: dict[tuple[int, str], dict[str, str] | None] = {}

    def first_turn_entered(self, name: str, counting: Counting) -> None:
        """A ``for`` over a ``range`` begins, its counter ``name`` (the body does not rebind
        it) counting as ``counting`` says: what is live now is live in its first turn, where
        ``name`` is the range's start (if known)."""
        if not counting.arithmetic or counting.step <= 0:
            return
        if counting.bounds is None or counting.bounds.least is None:
            return
        start = counting.bounds.least
        self._turn_counters.add(name)
        self._starts[name] = start
        for oid in self.live_holders():
            hold = self.holds[oid]
            tags = frozenset(t for t in hold.first_turn if t[0] != name) | {(name, start)}
            if tags != hold.first_turn:
                self.set_hold(oid, dataclasses.replace(hold, first_turn=tags))

    def first_turn_over(self, names: frozenset[str] | set[str]) -> None:
        """The counters ``names`` are past their first value (around the loop, out of it, or
        rebound): what is live now may be live on any turn."""
        if not self._turn_counters.intersection(names):
            return
        for oid in self.live_holders():
            hold = self.holds[oid]
            if any(t[0] in names for t in hold.first_turn):
                tags = frozenset(t for t in hold.first_turn if t[0] not in names)
                self.set_hold(oid, dataclasses.replace(hold, first_turn=tags))

    def define(
        self, target: cst.BaseExpression, value: cst.BaseExpression, beside: str | None = None
    ) -> None:
        """``i = 0``: what is live now is live only where ``i`` is 0, until ``i`` is rebound
        (``i += 1`` ends the first turn of ``while i < n:``, as a ``range`` advancing does)."""
        Overwrites.define(self, target, value, beside)
        start = const_int(value, self.ctx.constants)
        if isinstance(target, cst.Name) and start is not None:
            self.first_turn_entered(target.value, Counting(1, Bounds(start)))

    def narrowed(self, name: str) -> None:
        """``if prev is not None:`` taken where the flow finds no Pending in ``prev``, a
        carrier (``tilecheck.host.carried``): a path no run takes (``prev`` is None there),
        the loop's first turn before its back edge is seen. The index carried beside it is
        taken as the back edge gives it (the ``c`` of one turn ago), so that this path,
        solved first, makes no finding the loop's fixed point would not."""
        Overwrites.narrowed(self, name)
        held = self.env.get(name)
        cfg = self.body_cfg
        if cfg is None or name in self.ctx.rebindable:
            return
        if held and held != frozenset(self.kinds(held, Kind.TENSOR)):
            return
        key = (id(cfg), name)
        if key not in self._carriers:
            is_kernel = self.ctx.kernel_for
            self._carriers[key] = carried_names(cfg, name, lambda d: is_kernel(d) is not None)
        for index, counter in (self._carriers[key] or {}).items():
            if index not in self.defs:
                self.set_def(index, Affine(counter, 1, 0, lo=1, hi=1))

    def loop_back(self, loop: cst.CSTNode) -> None:
        if isinstance(loop, cst.For):
            self.first_turn_over(set(target_names(loop.target)))
        Overwrites.loop_back(self, loop)

    def bind_name(self, name: str, value: Value) -> None:
        if name in self._turn_counters and name not in self._ranging:
            self.first_turn_over({name})
        Overwrites.bind_name(self, name, value)

    def use(
        self,
        tensors: Oids,
        use: Use,
        node: cst.CSTNode,
        shown: str | None = None,
        *,
        covers: bool = True,
        top: int | None = None,
    ) -> None:
        self._direct = tensors
        try:
            Overwrites.use(self, tensors, use, node, shown, covers=covers, top=top)
        finally:
            self._direct = frozenset()

    def first_turn_apart(self, hold: Hold, tensor: int) -> bool:
        """Every tensor of the use being checked is, in the first turn ``hold`` is live in,
        an element other than ``tensor``: ``stage[(i + 1) % 2]`` at ``i == 1`` beside the
        prologue's ``stage[1]``."""
        starts = dict(hold.first_turn)
        return bool(self._direct) and all(
            any(self._apart_at(s, tensor, starts) for s in self.infos[d].selects)
            for d in self._direct
        )

    def later_turn(self, holder: int, tensor: int) -> bool:
        """A holder made before the loop around the use, in conflict with it only past the
        loop's first turn (``tilecheck.host.turn_order``): the finding is ordered after the
        loop's body, and a use of the first turn, of the same root cause, is kept instead.
        Round 22W: a holder that comes around a loop to the use, or a use that only may touch
        its tensor, ranks the finding after one of the same root cause that surely touches it
        in the turn that made the holder (``FindingSink.add``)."""
        element, cfg = self.element, self.body_cfg
        if element is not None and self._came_around(holder, element.seq):
            self.rank = 1
            return False
        if element is not None and not self._surely_overlaps(tensor):
            self.rank = 1
        if element is None or cfg is None or not self._direct or not self._starts:
            return False
        if self._spans is None:
            self._spans = loop_spans(cfg)
        span = innermost(self._spans, element.seq)
        if span is None or self.infos[holder].seq >= span[0]:
            return False
        counter = counter_of(span[2], self._starts)
        if counter is None:
            return False
        starts = {counter: self._starts[counter]}
        if not all(
            any(self._apart_at(s, tensor, starts) for s in self.infos[d].selects)
            for d in self._direct
        ):
            return False
        self._deferred = span[1]
        return True

    def _came_around(self, holder: int, seq: int) -> bool:
        """``holder`` is made at or after the use's element: it reaches the use around a back
        edge, after every later use of the turn that made it."""
        return came_around(self.infos[holder].seq, seq, holder in self.made_here)

    def _surely_overlaps(self, tensor: int) -> bool:
        """The use being checked touches ``tensor`` itself, or the one tensor it is a part of
        (``losses`` of ``losses[i % k]``), not something that only may be it."""
        direct = self._direct
        return tensor in direct or any(
            s.memory and len(s.of) == 1 and s.of <= direct for s in self.infos[tensor].selects
        )

    def order(self) -> tuple[int, int]:
        found = Overwrites.order(self)
        if self._deferred is None:
            return found
        deferred, self._deferred = self._deferred, None
        return (deferred, found[1])

    def _apart_at(self, select: Select, tensor: int, starts: dict[str, int]) -> bool:
        axis = select.axes[0] if select.axes is not None and len(select.axes) == 1 else None
        if not isinstance(axis, Affine) or axis.lo != 0 or axis.hi != 0:
            return False
        start = starts.get(axis.name)
        if start is None or axis.width is not None or axis.edge is not None:
            return False
        value = axis.a * start + axis.b
        if axis.mod is not None:
            value %= axis.mod
        key = self._key_in(select, tensor)
        return value >= 0 and key is not None and key >= 0 and key != value

    def _key_in(self, select: Select, tensor: int) -> int | None:
        """The constant index ``tensor`` has among what ``select`` takes from: its own
        selection, or the position a list display keeps it at."""
        for own in self.infos[tensor].selects:
            axis = own.axes[0] if own.axes is not None and len(own.axes) == 1 else None
            if (own.of, own.space) == (select.of, select.space) and isinstance(axis, At):
                return axis.key if isinstance(axis.key, int) else None
        if tensor not in select.of or select.memory:
            return None
        only = frozenset({tensor})
        for k in range(len(select.of)):
            if self.env.get(f"{select.space}[{k}]") == only:
                return k
        return None
