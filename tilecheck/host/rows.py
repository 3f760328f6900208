"""Rows of a list built by appending tuples: ``jobs.append((t, k(t.partition(s)).submit()))``
in a loop, taken out later by ``for t, p in jobs``. Each row's Pending writes the tensor of its
own row, and a loop over the rows waits for one and reads the other of the same row: the step's
``p`` borrows the step's ``t``, and the rows the loop has yet to take borrow only their own
tensors, never the step's (so ``p.wait(); t.to_numpy()`` reads what was waited for).

A container's rows are known while every item it got came in by such an append: a tuple of the
same width each time, whose holders borrow, of the tensors in the other columns of all its rows,
only the one of their own row, and whose tensors are different objects row by row. Anything
else (a row of another width or pairing, an item stored another way) makes the rows unknown
for good, and the loop takes them as before (any name may be any of what the rows hold). The
facts are markers in the environment under the container's path (joined as its other entries
are): ``[%w]`` rows of width ``w``, ``[*%k]`` what column ``k`` holds, ``[%i>j!]`` a row whose
holders in column ``j`` may borrow another row's tensor of column ``i``, ``[%!]`` rows not
known."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.appended import Appended
from tilecheck.host.containers import ELEMENTS, distinct_items
from tilecheck.host.indices import LATER, Select
from tilecheck.host.model import NOTHING, Borrow, Hold, Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.popped_rows import popped_row
from tilecheck.syntax.nodes import path_of


class Rows(Appended):
    __slots__ = ("_columns", "_in_row", "_paired", "_sliced")

    def __init__(self, ctx: object) -> None:
        Appended.__init__(self, ctx)
        self._in_row = False
        self._columns: dict[str, tuple[Oids, ...]] = {}  # a comprehension of tuples stored
        self._paired: dict[tuple[Oids, ...], bool] = {}  # its rows made whole by each step
        # the latest slice of a list of known rows (``jobs[-2:]``): its value, the list's markers
        self._sliced: tuple[Value, dict[str, Oids]] | None = None

    def made_rows(self, columns: tuple[Oids, ...], made: set[int]) -> None:
        """A comprehension of tuples whose every item its step made (``[project(h) for h in
        hs]``, ``project`` returning ``(out, pend)``): each row's holders borrow, of the
        columns' tensors, only their own row's, since no earlier row's object was within reach
        of a step (nothing else holds any of them, and no function of the module declares a
        name ``global`` or ``nonlocal``). Once not so for these objects, never."""
        contents = frozenset().union(*columns)
        tensors = [frozenset(self.kinds(c, Kind.TENSOR)) for c in columns]
        ok = (
            not self.ctx.rebindable  # no call may keep one row for the next (``global``)
            and contents <= made
            and sum(map(len, tensors)) == len(frozenset().union(*tensors))
            and all(contents.isdisjoint(oids) for oids in self.env.values())
        )
        self._paired[columns] = ok and self._paired.get(columns, True)

    # -- building the rows ------------------------------------------------------------------
    def add_row(self, path: str, value: Value, expr: cst.BaseExpression) -> None:
        """``jobs.append(value)``: a row when ``value`` is a tuple of plain items."""
        self._in_row = True
        try:
            Appended.add_row(self, path, value, expr)
        finally:
            self._in_row = False
        row = _row_of(value)
        if row is None:
            plain = isinstance(value, Packed) and value.keys is None
            sources = () if plain else self.appended_at(path, value, expr)
            if not sources:
                self._unknown_rows(path)
            for source in sources:  # by position (``appended``)
                if f"{path}[%key@{source}]!" not in self.env:
                    self.set_env(f"{path}[%key@{source}]", NOTHING)
            return
        if self._add_row(path, row, value) and isinstance(expr, cst.Tuple):
            if len(expr.elements) == len(row):
                holders = flatten(value)
                for k, element in enumerate(expr.elements):
                    self._note_key(path, str(k), element.value, holders)

    def _add_row(self, path: str, row: tuple[Oids, ...], value: Value) -> bool:
        """One more row of ``path``: its columns kept, or the rows unknown (False)."""
        env = self.env
        width = len(row)
        first = not any(k.startswith(path + "[%") for k in env)
        if f"{path}[%!]" in env or (not first and f"{path}[%{width}]" not in env):
            self._unknown_rows(path)
            return False
        if first and self.env.get(path + "[*]", NOTHING) - flatten(value):
            self._unknown_rows(path)  # it held items that came in another way
            return False
        columns = [self.env.get(f"{path}[*%{k}]", NOTHING) for k in range(width)]
        for i in range(width):
            tensors = frozenset(self.kinds(row[i], Kind.TENSOR))
            earlier = frozenset(self.kinds(columns[i], Kind.TENSOR))
            if len(tensors) > 1 or not self._distinct(earlier | tensors):
                self._unknown_rows(path)
                return False
            for j in range(width):
                if j != i and not self._own_row(row[j], tensors, earlier):
                    self.set_env(f"{path}[%{i}>{j}!]", NOTHING)
        self.set_env(f"{path}[%{width}]", NOTHING)
        for k, item in enumerate(row):
            if item:
                self.set_env(f"{path}[*%{k}]", columns[k] | item)
        return True

    def add_keyed(self, path: str, target: cst.Subscript, value: Value) -> None:
        """``pends[key] = value`` in a loop whose ``key`` walks ``d``: the value stands for
        ``d[key]`` of the same step."""
        self._in_row = True
        try:
            Appended.add_keyed(self, path, target, value)
        finally:
            self._in_row = False
        index = target.slice[0].slice if len(target.slice) == 1 else None
        key = index.value if isinstance(index, cst.Index) else None
        row = _row_of(value)
        if row is not None and not self._add_row(path, row, value):
            return  # ``d[k] = (t, p)``: a row, as appended (round 25D)
        if key is None or not self._note_key(path, "key", key, flatten(value)):
            if row is None:
                self._unknown_rows(path)

    def _note_key(self, path: str, column: str, key: cst.BaseExpression, holders: Oids) -> bool:
        """A row's (or a dict's) ``key`` is the index of the step's item of the containers
        a loop walks with it: its holders stand for those items (``[%c@d]``) where they
        borrow, of those containers' tensors, only the step's ones."""
        walk = self._walks.get(key.value) if isinstance(key, cst.Name) else None
        if walk is None:
            return False
        loop, walked = walk
        memo = self._turned.get(id(loop), {})
        for source in sorted(walked):
            items = self._items(source)
            step = memo.get(("element", loop, Kind.TENSOR, source))
            marker = f"{path}[%{column}@{source}]"
            if not items or step is None or not self._own_row(holders, frozenset({step}), items):
                self.set_env(marker + "!", NOTHING)
            elif marker + "!" not in self.env:
                self.set_env(marker, NOTHING)
        return True

    def _items(self, source: str) -> Oids:
        """The tensors of the container at ``source``, its items different objects."""
        held = self.stored(source)
        if held is None or not distinct_items(held):
            return NOTHING
        return frozenset(self.kinds(flatten(held), Kind.TENSOR))

    def _keyed(self, path: str, column: str) -> list[str]:
        """The containers whose keys ``path``'s ``column`` (``key``: a dict's keys) holds."""
        if f"{path}[%!]" in self.env:
            return []
        prefix = f"{path}[%{column}@"
        return sorted(
            k[len(prefix) : -1]
            for k in self._under.get(path.split("[")[0].split(".")[0], ())
            if k.startswith(prefix) and k.endswith("]") and k in self.env
        )

    def aligned(self, path: str) -> frozenset[str]:
        """A dict stored by the keys of another: its keys walk that one too."""
        return Appended.aligned(self, path) | frozenset(self._keyed(path, "key"))

    def turn_hold(self, loop: cst.For, value: Value, origin: int, hold: Hold) -> Hold:
        """``for k, p in pends.items()`` of a dict stored by ``d``'s keys: the step's ``p``
        stands for the step's ``d[k]``."""
        hold = Appended.turn_hold(self, loop, value, origin, hold)
        path = value.path if isinstance(value, Many) else None
        if path is None or _reordered_walk(loop):
            return hold
        for source in self._keyed(path, "key"):
            now, replaced, later = self._step_of(loop, source)
            if now is not None:
                self._redirect(origin, replaced, frozenset({later}))
                hold = _redirected(hold, replaced, frozenset({now}))
        return hold

    def _step_of(self, loop: cst.For, source: str) -> tuple[int | None, Oids, int]:
        """The step's element of ``source``'s tensors, what it stands for, and the elements
        the loop has yet to take."""
        items = self._items(source)
        memo = self._turned.setdefault(id(loop), {})
        now = self.turn(loop, memo, Kind.TENSOR, source, items) if items else None
        later = self._later(loop, source, items)
        return now, self.related(items) | {later}, later

    def _later(self, loop: cst.For, path: str, tensors: Oids) -> int:
        steps = self._loops[id(loop.iter)]
        return self.selection(
            ("row later", loop, path, tensors),
            f"a tensor of `{path}`",
            tensors,
            (Select(tensors, steps, (LATER,)),),
        )

    def _own_row(self, holders: Oids, tensors: Oids, earlier: Oids) -> bool:
        """The holders borrow none of the other rows' tensors, only this row's."""
        for holder in holders:
            if self.infos[holder].kind in ELEMENTS:
                continue
            hold = self.holds.get(holder)
            if hold is None:
                continue
            borrowed = frozenset(b.tensor for b in hold.borrows)
            if not borrowed.isdisjoint(earlier) or not borrowed.isdisjoint(
                self.related(earlier) - self.related(tensors)
            ):
                return False
        return True

    def _distinct(self, tensors: Oids) -> bool:
        """Different tensors, each pair: unrelated objects, or selections shown apart."""
        items = sorted(tensors)
        for n, a in enumerate(items):
            near = self.related(frozenset({a}))
            for b in items[n + 1 :]:
                if b in near and not self.separate(a, b):
                    return False
        return True

    def _unknown_rows(self, path: str) -> None:
        if path + "[*]" in self.env:
            self.set_env(f"{path}[%!]", NOTHING)

    def add_to(self, path: str, added: Oids) -> None:
        Appended.add_to(self, path, added)
        if not self._in_row:
            self._unknown_rows(path)
        if path in self._columns:  # another item: its columns are not known (kept at a merge)
            self.set_env(f"{path}[~!]", NOTHING)

    def store(self, path: str, value: Value) -> None:
        Appended.store(self, path, value)
        sliced = self._sliced
        if sliced is not None and sliced[0] is value:  # ``jobs = jobs[-2:]``: some of the rows
            self._sliced = None
            for suffix, oids in sliced[1].items():
                self.set_env(path + suffix, oids)
        elif not isinstance(value, frozenset) and flatten(value):
            self._unknown_rows(path)
        if isinstance(value, Many) and value.columns is not None:
            self._columns[path] = value.columns
            self.set_env(f"{path}[~{len(value.columns)}]", NOTHING)

    def _stored_columns(self, value: Many, width: int) -> tuple[Oids, ...] | None:
        """What each column of a comprehension of tuples may hold (stored under
        ``value.path``, and nothing added since), if its rows are ``width`` wide."""
        columns = value.columns
        path = value.path
        if columns is None and path is not None and f"{path}[~!]" not in self.env:
            if f"{path}[~{width}]" in self.env:
                columns = self._columns.get(path)
        if columns is None or len(columns) != width:
            return None
        return columns if frozenset().union(*columns) == value.contents else None

    # -- taking them out ----------------------------------------------------------------------
    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        """``slot, p = jobs.popleft()``: the row's columns (``tilecheck.host.popped_rows``)."""
        found = Appended.container_method(self, call, func)
        row = popped_row(self, func, found) if found is not None else None
        return row if row is not None else found

    def subscript(self, expr: cst.Subscript) -> Value:
        """``jobs[i][1]``: what column 1 of the known rows holds (round 22W), not any item
        of the row (a Pending's row beside its tensor: ``jobs[i][1].wait()`` waits, and
        touches no tensor)."""
        inner = expr.value
        if len(expr.slice) == 1 and type(expr.slice[0].slice) is cst.Slice:
            return self._kept_rows(expr)
        if type(inner) is not cst.Subscript or len(expr.slice) != 1:
            return Appended.subscript(self, expr)
        only = expr.slice[0].slice
        index = only.value if type(only) is cst.Index else None
        path = path_of(inner.value) if type(index) is cst.Integer else None
        if path is None or f"{path}[%!]" in self.env or f"{path}[=]" in self.env:
            return Appended.subscript(self, expr)
        assert isinstance(index, cst.Integer)
        k = int(index.value)
        width = next((w for w in range(1, 9) if f"{path}[%{w}]" in self.env and -w <= k < w), None)
        if width is None or any(f"{path}[%{w}]" in self.env for w in range(1, 9) if w != width):
            return Appended.subscript(self, expr)
        k %= width
        kinds = [self._column_kind(path, c) for c in range(width)]
        own = kinds[k]
        if own is None or (own and kinds.count(own) > 1):
            return Appended.subscript(self, expr)
        row = flatten(self.ev(inner))  # the row as taken (a step's copies), its names read
        if not own:
            return NOTHING  # a scalar column
        return frozenset(
            o for o in row if ("tensors" if self.infos[o].kind in ELEMENTS else "holders") == own
        )

    def _kept_rows(self, expr: cst.Subscript) -> Value:
        """``jobs[a:b]`` of a list of known rows: some of its rows, each as it was (kept as
        rows where the slice is stored: ``jobs = jobs[-2:]``)."""
        value = Appended.subscript(self, expr)
        path = path_of(expr.value)
        env = self.env
        if path is None or isinstance(value, frozenset) or f"{path}[%!]" in env:
            return value
        if f"{path}[=]" in env or not flatten(value) <= env.get(path + "[*]", NOTHING):
            return value
        marks = {k[len(path) :]: v for k, v in env.items() if k.startswith(path + "[%")}
        marks.update((k[len(path) :], v) for k, v in env.items() if k.startswith(path + "[*%"))
        if any(k[2:-1].isdigit() for k in marks if k.startswith("[%")):
            self._sliced = (value, marks)
        return value

    def _column_kind(self, path: str, column: int) -> str | None:
        """What column ``column`` of the rows of ``path`` holds: "tensors" (or instances),
        "holders" (ops, Pendings, partitions), "" (nothing: scalars), None (both)."""
        found = {
            self.infos[o].kind in ELEMENTS for o in self.env.get(f"{path}[*%{column}]", NOTHING)
        }
        if len(found) > 1:
            return None
        return ("tensors" if found.pop() else "holders") if found else ""

    def take_row(self, loop: cst.For, target: cst.Tuple | cst.List, value: Many) -> bool:
        """``for t, p in jobs`` over known rows: each name takes its column's element of the
        step, and each holder the step takes borrows the step's tensor of the column it is
        paired with (those the loop has yet to take: the rows it has yet to take)."""
        path, env = value.path or self._sliced_rows(loop, value), self.env
        width = len(target.elements)
        if any(isinstance(e, cst.StarredElement) for e in target.elements):
            return False
        own = self._stored_columns(value, width)
        names = all(isinstance(e.value, cst.Name) for e in target.elements)
        if own is not None and names and value.distinct and self._paired.get(own):
            self._take_columns(loop, target, path or "rows", list(own), None)
            return True
        if own is not None:  # ``for part, d in [(t.partition(s), 0.5) for t in ts]``
            for element, held in zip(target.elements, own, strict=True):
                self.take(
                    loop, element.value, Many(held, None, value.distinct) if held else NOTHING
                )
            return True
        if (
            path is None
            or f"{path}[%{width}]" not in env
            or f"{path}[%!]" in env
            or f"{path}[=]" in env
            or not names
        ):
            return False
        self._take_columns(
            loop, target, path, [env.get(f"{path}[*%{k}]", NOTHING) for k in range(width)], path
        )
        return True

    def _sliced_rows(self, loop: cst.For, value: Many) -> str | None:
        """``for t, p in jobs[:-2]``: the path of ``jobs`` where the loop walks a slice of it
        and takes nothing but its items (each step one of its rows, paired as ever)."""
        walked = loop.iter
        if type(walked) is not cst.Subscript or len(walked.slice) != 1:
            return None
        if type(walked.slice[0].slice) is not cst.Slice:
            return None
        path = path_of(walked.value)
        if path is None or not value.contents <= self.env.get(path + "[*]", NOTHING):
            return None
        return path

    def _take_columns(
        self,
        loop: cst.For,
        target: cst.Tuple | cst.List,
        path: str,
        columns: list[Oids],
        rows: str | None,
    ) -> None:
        """Each name of ``target`` takes its column's element of the step, its holders
        paired with the step's tensors of the other columns (``rows``: the path of appended
        rows, whose markers tell which pairs may cross rows; None: no pair does)."""
        env, width = self.env, len(columns)
        taken: list[Oids] = []
        for k, element in enumerate(target.elements):
            name = element.value
            assert isinstance(name, cst.Name)
            space = f"{path}%{k}"
            column = Many(columns[k], space) if columns[k] else NOTHING
            taken.append(self.materialize(loop, column, name.value, space=space))
        copies = self._elements.get(id(loop), {})
        for i in range(width):
            tensors = frozenset(self.kinds(columns[i], Kind.TENSOR))
            now = frozenset(self.kinds(taken[i], Kind.TENSOR))
            if not tensors or len(now) != 1:
                continue
            later = self._later(loop, f"{path}%{i}", tensors)
            replaced = tensors | {later}
            for j in range(width):
                if j != i and (rows is None or f"{rows}[%{i}>{j}!]" not in env):
                    self._pair(taken[j], copies, replaced, now, later)
        for k, element in enumerate(target.elements):
            assert isinstance(element.value, cst.Name)
            self.bind_name(element.value.value, taken[k])
            if rows is None:
                continue
            for source in self._keyed(rows, str(k)):  # ``for i, p in jobs``: ``bufs[i]``
                one, replaced, later = self._step_of(loop, source)
                if one is not None:
                    self._walks[element.value.value] = (loop, frozenset({source}))
                    for j in range(width):
                        if j != k:
                            self._pair(taken[j], copies, replaced, frozenset({one}), later)

    def _pair(
        self, taken: Oids, copies: dict[int, int], replaced: Oids, now: Oids, later: int
    ) -> None:
        """The step's holders borrow ``now`` for ``replaced``; what they were taken from,
        ``later``."""
        for m in taken:
            origin = copies.get(m)
            if origin is not None:
                self._redirect(m, replaced, now)
                self._redirect(origin, replaced, frozenset({later}))

    def _redirect(self, holder: int, tensors: Oids, to: Oids) -> None:
        """``holder`` borrows ``to`` where it borrowed one of ``tensors``."""
        hold = self.holds.get(holder)
        if hold is not None:
            new = _redirected(hold, tensors, to)
            if new is not hold:
                self.set_hold(holder, new)


def _row_of(value: Value) -> tuple[Oids, ...] | None:
    """The items of a tuple of plain items (a row), if ``value`` is one."""
    if not isinstance(value, Packed) or value.keys is not None:
        return None
    row = tuple(item for item in value.items if isinstance(item, frozenset))
    return row if len(row) == len(value.items) else None


def _redirected(hold: Hold, tensors: Oids, to: Oids) -> Hold:
    if all(b.tensor not in tensors for b in hold.borrows):
        return hold
    borrows: set[Borrow] = set()
    for b in hold.borrows:
        if b.tensor in tensors:
            borrows.update(Borrow(t, b.exclusive) for t in to)
        else:
            borrows.add(b)
    return dataclasses.replace(hold, borrows=frozenset(borrows), cover=None)


def _reordered_walk(loop: cst.For) -> bool:
    """``zip(pends, reversed(outs))``, ``zip(pends, outs[1:])``: a walk some of whose lists
    are not taken from their start in their order, so a step's Pending need not be the one
    of the step's other items (their rows do not line up)."""
    it = loop.iter
    if type(it) is not cst.Call or type(it.func) is not cst.Name:
        return False
    if it.func.value not in ("zip", "enumerate"):
        return False
    return any(path_of(a.value) is None for a in it.args if a.keyword is None)
