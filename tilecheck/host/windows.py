"""Windows of Pendings: a loop that submits into a queue and, once the queue holds more than a
few, waits for the oldest (``if len(q) > 2: q.popleft().wait()``) leaves the last ones in
flight when it ends, for a drain after the loop (``while q: q.popleft().wait()``). The oldest
one is never the Pending this iteration submitted: the wait releases the earlier iterations'
(the site's summary), not the latest. A loop that waits every item but the last
(``for i in range(len(pends) - 1): pends[i].wait()``) leaves the last one in flight too.
Pendings of such a site still live, on every path, in the function's own containers when it
returns were never waited on: TC108 (``Frame.leave``). A queue of at most ``k`` over rows of
a loop counter holds the last ``k`` turns' Pendings (``Windows.window_rows``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import libcst as cst

from tilecheck.flow.cfg import CFG
from tilecheck.host.indices import Affine, At, Axis, Bounds, Select, short_of
from tilecheck.host.literal_keys import LiteralKeys
from tilecheck.host.loop_columns import Column
from tilecheck.host.model import DONE, LIVE, Borrow, Hold, Kind, Many, Packed, Value, flatten
from tilecheck.host.queue_bounds import MOST, drained_queue, upper_bound, upper_key
from tilecheck.host.slice_ends import drops_an_end, mentions
from tilecheck.host.window_turns import window_counter
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_of
from tilecheck.syntax.walk import contains

# Methods that take the oldest item of a queue.
_FRONT = frozenset({"popleft", "pop"})


def _length_key(path: str) -> str:
    """The ``defs`` entry saying a container holds at least two items (never a name)."""
    return f"len({path})"


class Windows(LiteralKeys):
    __slots__ = ()

    module_node: cst.Module | None  # the module, when this is its body
    body_cfg: CFG | None  # the body analysed (``BodyAnalysis.run_body``)

    def compared(self, test: cst.Comparison, truth: bool) -> None:
        """``len(q) > 2`` holds: ``q`` holds at least two items here (a must-fact); where a
        test bounds it from above, at most that many (``tilecheck.host.queue_bounds``)."""
        LiteralKeys.compared(self, test, truth)
        if truth:
            path = _at_least_two(test, self.ctx.constants)
            if path is not None and path + "[*]" in self.env:
                self.set_def(_length_key(path), Bounds(2))
        if not self.defs and not truth:
            return
        found = upper_bound(test, truth, self.ctx.constants, self._most(test))
        if found is not None and found[0] + "[*]" in self.env:
            path, most = found
            self.set_def(upper_key(path), Bounds(None, most + 1))
            if most <= 1:
                self.bounded(path)
            elif most <= MOST:
                self.window_rows(path, test, most)

    def _most(self, test: cst.Comparison) -> int | None:
        left = test.left
        if isinstance(left, cst.Call) and left.args and isinstance(left.args[0].value, cst.Name):
            known = self.defs.get(upper_key(left.args[0].value.value))
            if isinstance(known, Bounds) and known.below is not None:
                return known.below - 1
        return None

    def bounded(self, path: str) -> None:
        """``q`` holds at most one item here: of a queue every Pending of one submit site
        goes into where it is made and leaves only waited on, that is the site's latest; the
        earlier ones (its summary) were waited on."""
        contents = self.env.get(path + "[*]")
        cfg = self.body_cfg
        if not contents or cfg is None or path in self.parameters or path in self.outer_names:
            return
        sites = {self.site_of(o) for o in contents}
        if len(sites) != 1 or any(self.infos[o].kind is not Kind.PENDING for o in contents):
            return
        (site,) = sites
        earlier = self._summary.get(site)
        made = self.created_pendings.get(site)
        if earlier is None or made is None or not contents <= {site, earlier}:
            return
        appended = drained_queue(cfg, path)
        if not appended or not any(self._made_in(a, site) for a in appended):
            return
        hold = self.holds.get(earlier)
        if hold is not None and hold.live:
            self.set_hold(earlier, Hold(DONE, hold.borrows, hold.released_at))
        self.set_env(path + "[*]", contents - {earlier})

    def _made_in(self, appended: cst.BaseExpression, site: int) -> bool:
        """``q.append(x)`` is given the Pendings of ``site`` where they are made: ``x`` is
        their submit, or the call of the helper that returns them."""
        made = self.created_pendings.get(site)
        call = self.infos[site].site
        return (made is not None and contains(appended, made[0])) or (
            call is not None and contains(appended, call)
        )

    def window_rows(self, path: str, test: cst.Comparison, most: int) -> None:
        """``q`` holds at most ``most`` items here, of a queue as ``bounded``'s, in a loop of
        ``step`` whose every turn appends one (``tilecheck.host.window_turns``): the site's
        latest and the Pendings of the ``most - 1`` turns before it. What the earlier ones
        (the summary) borrow of ``step``'s forms older than those turns was waited on: the
        summary no longer borrows it (``ring[step % 4]`` of three turns ago, in a window of
        two)."""
        contents = self.env.get(path + "[*]")
        cfg, scope = self.body_cfg, self.scope_node or self.module_node
        if not contents or cfg is None or scope is None:
            return
        if path in self.parameters or path in self.outer_names:
            return
        sites = {self.site_of(o) for o in contents}
        if len(sites) != 1 or any(self.infos[o].kind is not Kind.PENDING for o in contents):
            return
        (site,) = sites
        earlier = self._summary.get(site)
        if earlier is None or site not in contents or site not in self.created_pendings:
            return
        appended = drained_queue(cfg, path)
        if not contents <= {site, earlier} or appended is None or len(appended) != 1:
            return
        counter = window_counter(scope, test, appended[0], self.ctx.constants)
        latest, hold = self.holds.get(site), self.holds.get(earlier)
        if counter is None or latest is None or hold is None or not hold.live:
            return
        if not self._made_in(appended[0], site):
            return
        name, step = counter
        self.keep_turns(site, earlier, name, step, most)

    def keep_turns(self, site: int, earlier: int, name: str, step: int, most: int) -> None:
        """The Pendings of ``site`` still live are the latest and those of the ``most - 1``
        turns of ``name`` (advancing by ``step``) before it: the earlier ones (the summary)
        no longer borrow the rows of older turns, and a summary of rows any number of turns
        old (``ring[step % 4]`` three or more turns ago) only those of the turns kept."""
        latest, hold = self.holds.get(site), self.holds.get(earlier)
        if latest is None or hold is None or not hold.live:
            return
        offsets = {_offsets_of(self.infos[b.tensor].selects, name) for b in latest.borrows}
        offsets.discard(())
        if len(offsets) != 1:
            return
        (own,) = offsets
        if len(own) != 1 or own[0][1] != own[0][0] or own[0][0] < 0:
            return  # the latest's rows: one offset of ``step`` (this turn's, or the last's)
        newest = own[0][0] + (most - 1) * step  # the oldest turn still in the queue
        kept: set[Borrow] = set()
        for b in hold.borrows:
            found = _offsets_of(self.infos[b.tensor].selects, name)
            if not found:
                kept.add(b)
            elif any(lo <= newest for lo, _ in found):
                if all(hi is None and 0 <= lo for lo, hi in found):
                    b = Borrow(self._capped(b.tensor, name, newest), b.exclusive)
                kept.add(b)
        if kept != hold.borrows:
            self.set_hold(earlier, dataclasses.replace(hold, borrows=frozenset(kept)))

    def _capped(self, oid: int, name: str, newest: int) -> int:
        """``oid``, rows of ``name`` any number of turns old, as those up to ``newest``
        only (made once)."""
        info = self.infos[oid]
        key = ("capped", oid, name, newest)
        known = (info.kind, key) in self._oid_of
        capped = self.obj(info.kind, key, None, info.label)
        if not known:
            selects = tuple(
                dataclasses.replace(s, axes=tuple(_cap(a, name, newest) for a in s.axes))
                if s.axes is not None
                else s
                for s in info.selects
            )
            self.adopt(capped, frozenset().union(*(s.of for s in selects)), *selects)
            self.primary[capped] = oid
        return capped

    def bind_name(self, name: str, value: Value) -> None:
        """``q = deque()``: ``q`` holds no item; any other binding: nothing known."""
        if isinstance(value, Packed) and value.keys is None:
            self.set_def(upper_key(name), Bounds(None, len(value.items) + 1))
        elif self.defs:
            self.set_def(upper_key(name), None)
        LiteralKeys.bind_name(self, name, value)

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        """``pends[-1]`` (or ``pends[len(pends) - 1]``) after a loop that waited every item
        but the last: the last item is seen to; its site is no longer reported as left
        unwaited (not followed further)."""
        last = isinstance(axis, At) and axis.key == -1
        if base.path is not None and (last or short_of(index) == base.path):
            self.windowed -= self.shortened.pop(base.path, set())
        return LiteralKeys.element_of(self, base, index, axis)

    def columns(self, iterable: cst.BaseExpression, whole: Value | None) -> list[Column]:
        found = LiteralKeys.columns(self, iterable, whole)
        self.walked_slice(iterable)
        return found

    def walked_slice(self, iterable: cst.BaseExpression) -> None:
        """A loop walks ``iterable`` (item by item, or slot by slot: ``flow.unroll``): a
        slice or a short ``range`` of a local list leaves items out (``slice_leaves``)."""
        if (
            type(iterable) is cst.Subscript
            and len(iterable.slice) == 1
            and isinstance(iterable.slice[0].slice, cst.Slice)
            and isinstance(iterable.value, cst.Name)
            and drops_an_end(iterable.slice[0].slice)
        ):
            self.slice_leaves(iterable, iterable.value.value)
        short = _short_range(iterable)
        if short is not None:
            self.slice_leaves(iterable, short)

    def slice_leaves(self, sliced: cst.BaseExpression, name: str) -> None:
        """``for p in pends[:-1]`` over a local list only bound and sliced (or measured,
        ``len(pends)``): the Pendings (ops) this function made that it holds, live and held by
        no other name, keep the items the slice leaves out unwaited (unrun) for good
        (``tilecheck.host.slice_ends``). So does ``pends[i]`` of ``for i in range(len(pends) -
        1)`` (the list bound and indexed, its length measured)."""
        scope = self.scope_node or self.module_node
        if scope is None or name in self.parameters or name in self.outer_names:
            return
        value = self.stored(name)
        if value is None:
            return
        holders = [o for o in flatten(value) if self.infos[o].kind in (Kind.PENDING, Kind.OP)]
        if not holders or mentions(scope, name) != 2:
            return
        for oid in holders:
            site = self.site_of(oid)
            hold = self.holds.get(oid)
            made = site in self.created_pendings or site in self.created_ops
            if not made or hold is None or hold.status != LIVE or self._held_elsewhere(oid, name):
                continue
            self.sliced_off[site] = sliced

    def _held_elsewhere(self, oid: int, name: str) -> bool:
        """A name other than ``name``, its items and the analysis's own keys holds ``oid``."""
        return any(
            oid in oids and key != name and not key.startswith((name + "[", " "))
            for key, oids in self.env.items()
        )

    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        if not self.defs:  # no window known anywhere
            return LiteralKeys.container_method(self, call, func)
        path = path_of(func.value)
        if path is not None:
            self._count(path, func.attr.value)
        key = _length_key(path) if path is not None else None
        two = key is not None and key in self.defs
        if key is not None and two:
            self.set_def(key, None)  # the call changes it, or may
        found = LiteralKeys.container_method(self, call, func)
        if not two or not isinstance(found, Many) or not _takes_oldest(call, func):
            return found
        return self.oldest(found)

    def _count(self, path: str, method: str) -> None:
        """``q.append(x)``: one more item at most; ``q.popleft()``: one fewer."""
        key = upper_key(path)
        known = self.defs.get(key)
        if not isinstance(known, Bounds) or known.below is None:
            return
        below: int | None = None
        if method in ("append", "appendleft"):
            below = known.below + 1 if known.below <= MOST else None
        elif method in ("popleft", "pop"):
            below = max(known.below - 1, 1)
        self.set_def(key, None if below is None else Bounds(None, below))

    def oldest(self, found: Many) -> Many:
        """The oldest of at least two items of one submit site: one an earlier iteration
        submitted (the site's summary), never the latest."""
        pendings = [o for o in found.contents if self.infos[o].kind is Kind.PENDING]
        sites = {self.site_of(o) for o in pendings}
        if len(sites) != 1 or len(pendings) != len(found.contents):
            return found
        (site,) = sites
        earlier = self._summary.get(site)
        if site not in found.contents or not found.distinct:
            return found
        self.windowed.add(site)
        if earlier is None or earlier not in found.contents:
            # two items, but only the latest may be there: no such path (a first iteration)
            return Many(frozenset(), None, found.distinct)
        return Many(found.contents - {site}, None, found.distinct)


def _cap(axis: Axis | None, name: str, newest: int) -> Axis | None:
    if isinstance(axis, Affine) and axis.name == name and axis.hi is None:
        return axis.capped(newest)
    return axis


def _offsets_of(selects: tuple[Select, ...], name: str) -> tuple[tuple[int, int | None], ...]:
    """The offsets (lowest, highest; None: no highest) of the forms of ``name`` an object is
    selected along."""
    return tuple(
        (min(a.lo, a.hi), max(a.lo, a.hi)) if a.hi is not None else (a.lo, None)
        for s in selects
        for a in s.axes or ()
        if isinstance(a, Affine) and a.name == name
    )


def _short_range(iterable: cst.BaseExpression) -> str | None:
    """The local name ``pends`` of ``range(len(pends) - k)``, or None."""
    if not (
        isinstance(iterable, cst.Call)
        and isinstance(iterable.func, cst.Name)
        and iterable.func.value == "range"
        and len(iterable.args) == 1
        and not iterable.args[0].star
        and iterable.args[0].keyword is None
    ):
        return None
    path = short_of(iterable.args[0].value)
    return path if path is not None and path.isidentifier() else None


def _takes_oldest(call: cst.Call, func: cst.Attribute) -> bool:
    """``q.popleft()`` or ``q.pop(0)``."""
    args = call.args
    if func.attr.value == "popleft":
        return not args
    return (
        func.attr.value in _FRONT
        and len(args) == 1
        and isinstance(args[0].value, cst.Integer)
        and args[0].value.value == "0"
    )


def _at_least_two(test: cst.Comparison, constants: Mapping[str, int]) -> str | None:
    """The path of ``q`` in ``len(q) > k`` (k >= 1), ``len(q) >= k`` or ``len(q) == k``
    (k >= 2)."""
    if len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    left, op = test.left, target.operator
    bound = const_int(target.comparator, constants)
    if (
        bound is None
        or not isinstance(left, cst.Call)
        or not isinstance(left.func, cst.Name)
        or left.func.value != "len"
        or len(left.args) != 1
    ):
        return None
    if isinstance(op, cst.GreaterThan) and bound >= 1:
        return path_of(left.args[0].value)
    if isinstance(op, (cst.GreaterThanEqual, cst.Equal)) and bound >= 2:
        return path_of(left.args[0].value)
    return None
