"""Windows of Pendings: a loop that submits into a queue and, once the queue holds more than a
few, waits for the oldest (``if len(q) > 2: q.popleft().wait()``) leaves the last ones in
flight when it ends, for a drain after the loop (``while q: q.popleft().wait()``). The oldest
one is never the Pending this iteration submitted: the wait releases the earlier iterations'
(the site's summary), not the latest. A loop that waits every item but the last
(``for i in range(len(pends) - 1): pends[i].wait()``) leaves the last one in flight too.
Pendings of such a site still live, on every path, in the function's own containers when it
returns were never waited on: TC108 (``Frame.leave``)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.indices import At, Axis, Bounds, short_of
from tilecheck.host.model import Kind, Many, Value
from tilecheck.host.rows import Rows
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_of

# Methods that take the oldest item of a queue.
_FRONT = frozenset({"popleft", "pop"})


def _length_key(path: str) -> str:
    """The ``defs`` entry saying a container holds at least two items (never a name)."""
    return f"len({path})"


class Windows(Rows):
    def compared(self, test: cst.Comparison, truth: bool) -> None:
        """``len(q) > 2`` holds: ``q`` holds at least two items here (a must-fact)."""
        super().compared(test, truth)
        if truth:
            path = _at_least_two(test, self.ctx.constants)
            if path is not None and path + "[*]" in self.env:
                self.set_def(_length_key(path), Bounds(2))

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        """``pends[-1]`` (or ``pends[len(pends) - 1]``) after a loop that waited every item
        but the last: the last item is seen to; its site is no longer reported as left
        unwaited (not followed further)."""
        last = isinstance(axis, At) and axis.key == -1
        if base.path is not None and (last or short_of(index) == base.path):
            self.windowed -= self.shortened.pop(base.path, set())
        return super().element_of(base, index, axis)

    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        if not self.defs:  # no window known anywhere
            return super().container_method(call, func)
        path = path_of(func.value)
        key = _length_key(path) if path is not None else None
        two = key is not None and key in self.defs
        if key is not None and two:
            self.set_def(key, None)  # the call changes it, or may
        found = super().container_method(call, func)
        if not two or not isinstance(found, Many) or not _takes_oldest(call, func):
            return found
        return self.oldest(found)

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
