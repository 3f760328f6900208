"""Which ``for`` statements the CFG builds a second time, slot by slot (round 28H of issue 17).

A ``for`` over a container whose length the source shows (a display, a name bound a few
statements before to a display, a dict display or a comprehension over one, ``zip``,
``enumerate``, ``list``, ``reversed``, a constant slice (``xs[1:]``, round 37A: a view of a list
walks as the list does) or a dict's views of those), of 2 to ``MOST_SLOTS`` items, whose body
is small and straight (no ``break``/``continue``, no ``if``/``try``/``while``/``match``, no
``append``/``pop``/``+=`` on a container: what a loop skips or keeps turn after turn has rules of
its own), gets two ways in: the body once per slot, one after another, the target bound to that
slot's item (``UNROLL_IN``, ``FOR_SLOT``), and the loop as ever (``UNROLL_OUT``). The analysis
(``tilecheck.host.positions``) takes the slots only where the items are known one by one and
are as many as the source showed, and the loop otherwise: the guess here only sizes the copies,
it never decides what a run does. So ``for out, pend in zip(outs, pends)`` pairs each output with
its own Pending, and ``for pair in [(a, b), (h, a)]: f(*pair)`` sees each pair. Only syntax is
read, and only a few earlier statements, so a loop this does not take costs a type test or two.
A ``range`` loop turning through a ring by a remainder of its counter (``bufs[i % 2]``:
``flow.ring_turns``, round 39I) gets slots too, whatever ``if`` its body holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import libcst as cst

from tilecheck.flow import fresh_fills, ring_turns, slot_tests
from tilecheck.syntax import drawn
from tilecheck.syntax.constants import int_value
from tilecheck.syntax.nodes import empty_dict, empty_list

Statement = cst.BaseStatement | cst.BaseSmallStatement
Suites = Sequence[tuple[Sequence[Statement], int]]
Lengths = Callable[[str], int | None]

MOST_SLOTS = 8  # a longer container keeps the loop
BUDGET = 80  # slots times the statements of the body (nested ones too)
LOOKBACK = 16  # earlier statements read for what a name was bound to
_PASSING = frozenset({"list", "tuple", "enumerate", "reversed"})
# the keyword each iterator takes that does not change how many items it gives
_TOLERATED = {"zip": "strict", "enumerate": "start"}
# A body calling one of these on a container keeps the loop: what a loop appends, pops or
# keeps by key turn after turn has rules of its own (``tilecheck.host.appended`` and others).
_KEEPING = frozenset(
    {"append", "appendleft", "extend", "insert", "put", "setdefault", "update", "pop"}
)
_VIEWS = frozenset({"values", "keys", "items"})
_COMPUTED = (cst.ListComp, cst.GeneratorExp, cst.Call)  # values the scope's names may compute


def slots(
    loop: cst.For,
    suites: Suites,
    lengths: Lengths | None = None,
    constants: Mapping[str, int] | None = None,
) -> int | None:
    """How many slots ``loop`` is built with (None: built as a loop only). ``suites``: the
    loop's own suite and the suites around it, innermost first, each with the index of the
    statement holding the loop; ``lengths``: the length of a name of the module the body
    reads (a literal list of keys, a dict of constant keys: round 37K), where known;
    ``constants``: the integer names the body sees (``range(LAYERS)``, round 38P)."""
    iterable = loop.iter
    kind = type(iterable)
    if kind is cst.Call:
        func = iterable.func  # type: ignore[attr-defined]
        if drawn.spelled(func) is not None:
            pass  # ``product(xs, repeat=2)``, ``compress(xs, mask)`` (``syntax.drawn``)
        elif type(func) is cst.Name:
            if func.value not in ("zip", "enumerate", "list", "tuple", "reversed", "range"):
                return None
        elif type(func) is not cst.Attribute or func.attr.value not in _VIEWS:
            return None
    elif kind not in (cst.Name, cst.List, cst.Tuple, cst.Attribute, cst.Subscript):
        return None
    if loop.asynchronous is not None or loop.orelse is not None:
        return None
    earlier = _Earlier(suites, lengths, constants)
    # (a loop filling a fresh container, not inside another loop: ``fresh_fills``)
    bound = None if fresh_fills.in_loop(suites) else fresh_fills.only_filled(loop, earlier.value)
    ringed = False
    if kind is cst.Call and _named(iterable, "range"):
        ringed = ring_turns.turns_index(loop)
        if not ringed and (bound is None or not fresh_fills.fills(loop, bound)):
            return None  # (a ``range`` loop filling no fresh container keeps its own rules)
        earlier.filling = True
    count = _length(iterable, earlier, 0)
    earlier.filling = False
    if count is None or not 1 <= count <= MOST_SLOTS or (count == 1 and not _one_key(iterable)):
        return None
    keys = slot_tests.constant_keys(loop, _constants(iterable, earlier))
    # a display of reads (``(loads[s], readers[s])``) is walked one by one: each turn may
    # test its own item (``if p is not None``, round 36BF), as the ``if`` written out would
    straight = bound if bound is not None and fresh_fills.straight(loop) else None
    size = _size(loop, BUDGET // count, keys, straight, _reads(iterable) or ringed)
    return count if size is not None else None


def _one_key(iterable: cst.BaseExpression) -> bool:
    """``for name in ("prod",)``: a display of one constant key, built as its one slot (a
    turn that waits ``jobs[name]`` then reads ``outs[name]`` is that key's, round 40W)."""
    if type(iterable) is not cst.Tuple and type(iterable) is not cst.List:
        return False
    elements = iterable.elements
    return len(elements) == 1 and type(elements[0].value) in (cst.SimpleString, cst.Integer)


def _named(call: cst.BaseExpression, name: str) -> bool:
    func = call.func  # type: ignore[attr-defined]
    return type(func) is cst.Name and func.value == name


class _Earlier:
    """The statements before the loop, latest first, read for a name's binding."""

    __slots__ = ("_constants", "_statements", "filling", "lengths")

    def __init__(
        self,
        suites: Suites,
        lengths: Lengths | None = None,
        constants: Mapping[str, int] | None = None,
    ) -> None:
        self.lengths = lengths  # a module name's length, where no earlier statement binds it
        self._constants = constants or {}  # the integer names the body sees
        self.filling = False  # counting the turns of a loop filling a fresh list
        out: list[Statement] = []
        for suite, at in suites:
            for position in range(at - 1, -1, -1):
                out.append(suite[position])
                if len(out) >= LOOKBACK:
                    break
            if len(out) >= LOOKBACK:
                break
        self._statements = out

    @property
    def constants(self) -> Mapping[str, int]:
        """The scope's integer names, read only for the turns of a loop filling a fresh
        container (``fresh_fills``; round 38P): other loops keep the lengths they had."""
        return self._constants if self.filling else {}

    def since(self, start: int) -> Iterator[tuple[int, Statement]]:
        """The statements from the ``start``-th back, latest first, each with its place."""
        for position in range(start, len(self._statements)):
            yield position, self._statements[position]

    def value(self, name: str) -> cst.BaseExpression | None:
        """The value ``name`` was last bound to before the loop (``fresh_fills``)."""
        found = self.bound(name, 0)
        return None if found is None else found[0]

    def bound(self, name: str, start: int) -> tuple[cst.BaseExpression, int] | None:
        """The value ``name`` was last bound to by an assignment before the ``start``-th
        statement back, and where (a guess: the analysis checks the length it gives)."""
        for position in range(start, len(self._statements)):
            stmt = self._statements[position]
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in reversed(stmt.body):
                if type(small) is cst.AnnAssign and small.value is not None:
                    if type(small.target) is cst.Name and small.target.value == name:
                        return small.value, position + 1  # ``d: dict[int, T] = {}`` (41W)
                if type(small) is cst.Assign and len(small.targets) == 1:
                    target = small.targets[0].target
                    if type(target) is cst.Name and target.value == name:
                        return small.value, position + 1
                    if type(target) in (cst.Tuple, cst.List):
                        rest = _starred_part(target, name, small.value)
                        if rest is not None:  # ``first, *rest = <n items>``
                            return rest, position + 1
        return None


def _starred_part(
    target: cst.BaseExpression, name: str, value: cst.BaseExpression
) -> cst.Subscript | None:
    """``value[1:-1]`` for ``name`` of ``first, *name, last = value``: the slice the starred
    target takes (None: ``name`` is not its one starred element)."""
    elements = target.elements  # type: ignore[attr-defined]
    places = [i for i, e in enumerate(elements) if type(e) is cst.StarredElement]
    if len(places) != 1:
        return None
    (at,) = places
    starred = elements[at].value
    if type(starred) is not cst.Name or starred.value != name:
        return None
    after = len(elements) - at - 1
    upper = cst.UnaryOperation(cst.Minus(), cst.Integer(str(after))) if after else None
    window = cst.Slice(lower=cst.Integer(str(at)) if at else None, upper=upper)
    return cst.Subscript(value, [cst.SubscriptElement(window)])


def _length(expr: cst.BaseExpression, earlier: _Earlier, start: int, depth: int = 0) -> int | None:
    """How many items ``expr`` gives, as the source shows (None: not shown)."""
    if depth > 8:
        return None
    kind = type(expr)
    if kind is cst.List or kind is cst.Tuple:
        elements = expr.elements  # type: ignore[attr-defined]
        total = 0
        for element in elements:  # ``[*init, last]``: a starred part of a known length
            part = (
                1
                if type(element) is cst.Element
                else _length(element.value, earlier, start, depth + 1)
            )
            if part is None:
                return None
            total += part
        return total
    if kind is cst.Dict:
        elements = expr.elements  # type: ignore[attr-defined]
        if any(type(e) is not cst.DictElement for e in elements):
            return None
        keys = [e.key for e in elements]
        if not all(type(k) in (cst.SimpleString, cst.Integer) for k in keys):
            return None
        texts = {k.value for k in keys}
        return len(elements) if len(texts) == len(elements) else None
    if kind is cst.ListComp or kind is cst.GeneratorExp or kind is cst.DictComp:
        first = expr.for_in  # type: ignore[attr-defined]
        if first.ifs or first.inner_for_in is not None or first.asynchronous is not None:
            return None
        return _length(first.iter, earlier, start, depth + 1)
    if kind is cst.Name:
        filled = _filled_length(expr.value, earlier, start, depth)  # type: ignore[attr-defined]
        if filled is not None:
            return filled
        found = earlier.bound(expr.value, start)  # type: ignore[attr-defined]
        if found is None and earlier.lengths is not None:
            return earlier.lengths(expr.value)  # type: ignore[attr-defined]
        if found is None:
            return None
        count = _length(found[0], earlier, found[1], depth + 1)
        if count is None and earlier.lengths is not None and type(found[0]) in _COMPUTED:
            # ``routed = [e for e in range(4) if gates[e] > 0]``: the scope's names compute
            # its items where the tests read constants (round 39K)
            return earlier.lengths(expr.value)  # type: ignore[attr-defined]
        return count
    if kind is cst.Attribute and earlier.lengths is not None:  # ``self.SIZES`` (38A)
        path = _dotted(expr)
        return earlier.lengths(path) if path is not None else None
    if kind is cst.Subscript:  # ``xs[1:]``, ``xs[:-1]``: a constant slice of a known length
        return _sliced_length(expr, earlier, start, depth)  # type: ignore[arg-type]
    if kind is cst.BinaryOperation:  # ``[plan] * 3``: the display's items, again and again
        return _repeated_length(expr, earlier, start, depth)  # type: ignore[arg-type]
    if kind is not cst.Call:
        return None
    call: cst.Call = expr  # type: ignore[assignment]
    func = call.func
    form = drawn.spelled(func)
    if form is not None:
        return _drawn_length(call, form, earlier, start, depth)
    if type(func) is cst.Attribute:
        if func.attr.value in _VIEWS and not call.args:
            return _length(func.value, earlier, start, depth + 1)
        return None
    if type(func) is not cst.Name:
        return None
    walked = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args) or any(
        a.keyword is not None and a.keyword.value != _TOLERATED.get(func.value) for a in call.args
    ):
        return None
    if func.value == "zip" and walked:
        lengths = {_length(a.value, earlier, start, depth + 1) for a in walked}
        return lengths.pop() if len(lengths) == 1 else None
    if (func.value in _PASSING or func.value == "dict") and len(walked) == 1:
        return _length(walked[0].value, earlier, start, depth + 1)
    if func.value == "range" and 1 <= len(walked) <= 3:
        return _range_length([a.value for a in walked], earlier, start)
    return None


def _filled_length(name: str, earlier: _Earlier, start: int, depth: int) -> int | None:
    """``xs`` after ``xs = []`` and a straight loop appending to it a fixed number of times a
    turn (``fresh_fills.appends``): that number times the loop's turns, where the statements
    since do not name ``xs`` (round 38P: a walk of the filled list gets slots too); or ``d``
    after ``d = {}`` and a straight loop storing ``d[key]`` by its target, or lines storing
    under literal keys (round 40W: each one more item; the analysis checks the keys)."""
    keyed = 0  # ``d["debug"] = x`` after ``d = {}`` (and a loop storing by its key): 40W
    for position, stmt in earlier.since(start):
        if keyed and fresh_fills.binds_empty_dict(stmt, name):
            return keyed
        if type(stmt) is cst.For:
            per_turn = fresh_fills.appends(stmt, name)
            if per_turn is None and fresh_fills.only_reads(stmt, name):
                continue  # (a loop reading items only keeps the count: round 41W)
            if per_turn is None and fresh_fills.stores(stmt, name):  # ``d[key] = ...`` (40W)
                before = earlier.bound(name, position + 1)
                if before is None or not empty_dict(before[0]):
                    return None
                turns = _length(stmt.iter, earlier, position + 1, depth + 1)
                return None if turns is None else turns + keyed
            if per_turn is None or (per_turn and keyed):
                return None
            if per_turn:
                before = earlier.bound(name, position + 1)
                if before is None or not empty_list(before[0]):
                    return None
                filling, earlier.filling = earlier.filling, True
                try:
                    turns = _length(stmt.iter, earlier, position + 1, depth + 1)
                finally:
                    earlier.filling = filling
                return None if turns is None else turns * per_turn
        elif fresh_fills.key_store(stmt, name):
            keyed += 1
        elif fresh_fills.names(stmt, name) and not fresh_fills.only_reads(stmt, name):
            return None  # (a statement reading items only keeps the count: round 41W)
    return None


def _dotted(expr: cst.BaseExpression) -> str | None:
    """``self.SIZES``: a name and attributes, as text (None: anything else)."""
    if type(expr) is cst.Name:
        return expr.value
    if type(expr) is cst.Attribute:
        base = _dotted(expr.value)
        return None if base is None else f"{base}.{expr.attr.value}"
    return None


def _range_length(args: list[cst.BaseExpression], earlier: _Earlier, start: int) -> int | None:
    """``range(n)``, ``range(a, b[, s])`` of integer literals or names bound to one a few
    statements before (``N_LAYERS = 5``), ``len`` of a container of a length shown, and sums
    and differences of those (``range(len(layers) - 1)``, round 37K)."""
    bounds: list[int] = []
    for arg in args:
        bound = _count(arg, earlier, start, 0)
        if bound is None:
            return None
        bounds.append(bound)
    if len(bounds) == 3 and bounds[2] == 0:
        return None
    return len(range(*bounds))


def _count(arg: cst.BaseExpression, earlier: _Earlier, start: int, depth: int) -> int | None:
    """The integer a bound of a ``range`` is, as the source shows (None: not shown)."""
    if depth > 8:
        return None
    if type(arg) is cst.Name:
        found = earlier.bound(arg.value, start)
        if found is None:
            return earlier.constants.get(arg.value)
        return _count(found[0], earlier, found[1], depth + 1)
    if type(arg) is cst.Integer:
        return int_value(arg)
    if type(arg) is cst.BinaryOperation and type(arg.operator) in (cst.Add, cst.Subtract):
        left = _count(arg.left, earlier, start, depth + 1)
        right = _count(arg.right, earlier, start, depth + 1)
        if left is None or right is None:
            return None
        return left + right if type(arg.operator) is cst.Add else left - right
    if type(arg) is cst.Call and type(arg.func) is cst.Name and arg.func.value == "len":
        given = arg.args
        if len(given) == 1 and given[0].keyword is None and not given[0].star:
            return _length(given[0].value, earlier, start, depth + 1)
    return None


def _constants(iterable: cst.BaseExpression, earlier: _Earlier) -> bool:
    """``iterable`` is a tuple or list display of string or integer literals, or a name bound
    to one a few statements before."""
    if type(iterable) is cst.Name:
        found = earlier.bound(iterable.value, 0)
        iterable = found[0] if found is not None else iterable
    if type(iterable) not in (cst.Tuple, cst.List):
        return False
    elements = iterable.elements  # type: ignore[attr-defined]
    return all(
        type(e) is cst.Element and type(e.value) in (cst.SimpleString, cst.Integer)
        for e in elements
    )


def _repeated_length(
    expr: cst.BinaryOperation, earlier: _Earlier, start: int, depth: int
) -> int | None:
    """``[x] * 3`` or ``3 * (a, b)``: the display's length times a literal count (or a name
    bound to one a few statements before)."""
    if type(expr.operator) is not cst.Multiply:
        return None
    left, right = expr.left, expr.right
    display, count = (left, right) if type(left) in (cst.List, cst.Tuple) else (right, left)
    if type(display) not in (cst.List, cst.Tuple):
        return None
    if type(count) is cst.Name:
        found = earlier.bound(count.value, start)
        count = found[0] if found is not None else count
    if type(count) is not cst.Integer:
        return None
    length = _length(display, earlier, start, depth + 1)
    return None if length is None else length * max(int_value(count), 0)


def _drawn_length(
    call: cst.Call, form: str, earlier: _Earlier, start: int, depth: int
) -> int | None:
    """How many items a standard-library iterator draws (``syntax.drawn``), as the source
    shows its arguments."""
    shape = drawn.drawing(call, form, lambda n: _bound_value(earlier, n, start))
    if shape is None:
        return None
    sources, mask, times, size, bounds = shape
    lengths = [_length(s, earlier, start, depth + 1) for s in sources]
    if mask is not None and lengths[0] is None:
        lengths = [-1]
    plan = drawn.plan(form, lengths, mask, times, size, bounds)
    return None if plan is None else len(plan)


def _bound_value(earlier: _Earlier, name: str, start: int) -> cst.BaseExpression | None:
    found = earlier.bound(name, start)
    return None if found is None else found[0]


def _sliced_length(expr: cst.Subscript, earlier: _Earlier, start: int, depth: int) -> int | None:
    if len(expr.slice) != 1 or type(expr.slice[0].slice) is not cst.Slice:
        return None
    window = cst.ensure_type(expr.slice[0].slice, cst.Slice)
    bounds: list[int | None] = []
    for part in (window.lower, window.upper, window.step):
        if part is None:
            bounds.append(None)
            continue
        negative = type(part) is cst.UnaryOperation and type(part.operator) is cst.Minus
        number = part.expression if negative else part  # type: ignore[attr-defined]
        if type(number) is not cst.Integer:
            return None
        bounds.append(-int(number.value) if negative else int(number.value))
    if bounds[2] == 0:
        return None
    whole = _length(expr.value, earlier, start, depth + 1)
    return None if whole is None else len(range(whole)[slice(*bounds)])


def _size(
    loop: cst.For,
    most: int,
    keys: frozenset[str],
    bound: fresh_fills.Bound | None,
    any_test: bool = False,
) -> int | None:
    """How many statements ``body`` has, nested ones too; None beyond ``most``, where a
    ``break`` or ``continue`` leaves a turn early (not for a nested function's), or where a
    turn decides what it runs (an ``if``, a ``try``, a ``while``, a ``match``: the rules
    of skipped turns, ``tilecheck.host.skipped_runs`` and others, are the loop's) or keeps
    items in a container (``_KEEPING``)."""
    count = 0
    stack: list[cst.CSTNode] = [loop.body]
    moving: frozenset[str] | None = None
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in _DECIDING:
            return None
        if kind is cst.If and not any_test:  # (one each slot decides: ``slot_tests``)
            moving = slot_tests.moving_names(loop) if moving is None else moving
            if not slot_tests.slot_test(node.test, moving, loop):  # type: ignore[attr-defined]
                return None
        if isinstance(node, cst.BaseSmallStatement) or isinstance(node, cst.BaseCompoundStatement):
            count += 1
            if count > most:
                return None
            if kind is cst.FunctionDef or kind is cst.ClassDef:
                continue
        if kind is cst.SimpleStatementLine or kind is cst.SimpleStatementSuite:
            stack.extend(node.body)  # type: ignore[attr-defined]
            if _keeps(node, keys, bound):
                return None
        elif isinstance(node, (cst.BaseCompoundStatement, cst.BaseSuite, cst.Else)):
            stack.extend(
                c
                for c in node.children
                if isinstance(c, (cst.BaseStatement, cst.BaseSmallStatement, cst.BaseSuite))
                or type(c) in (cst.Else, cst.Finally, cst.ExceptHandler, cst.ExceptStarHandler)
                or type(c) is cst.MatchCase
            )
        elif type(node) in (cst.Finally, cst.ExceptHandler, cst.ExceptStarHandler, cst.MatchCase):
            stack.extend(node.children)
    return count


_SEQUENCES = frozenset(
    {cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp, cst.Name, cst.Attribute, cst.Subscript}
)
_DECIDING = frozenset({cst.Break, cst.Continue, cst.Try, cst.TryStar, cst.While, cst.Match})


def _reads(iterable: cst.BaseExpression) -> bool:
    """A display whose every item is a subscript or an attribute (``tilecheck.host.display_walks``
    binds each slot's target as its read would)."""
    if type(iterable) is not cst.List and type(iterable) is not cst.Tuple:
        return False
    elements = iterable.elements
    return all(
        type(e) is cst.Element and type(e.value) in (cst.Subscript, cst.Attribute) for e in elements
    )


def _keeps(line: cst.CSTNode, keys: frozenset[str], bound: fresh_fills.Bound | None) -> bool:
    """A statement line calls a container's ``append``/``pop``/... (``_KEEPING``), or adds
    to one with ``+=`` (not a list bound empty before a straight loop, ``bound`` given:
    ``fresh_fills``)."""
    stack: list[cst.CSTNode] = [line]
    while stack:
        node = stack.pop()
        if (
            bound is not None
            and (type(node) is cst.Call or type(node) is cst.AugAssign)
            and fresh_fills.fresh_append(node, bound)
        ):
            stack.extend(node.children)  # (its value may keep in another container)
            continue
        if (
            type(node) is cst.AugAssign
            and type(node.operator) is cst.AddAssign
            and type(node.value) in _SEQUENCES
        ):
            return True  # ``flights += [...]``: as ``extend``
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Attribute and func.attr.value in _KEEPING:
                # ``d.pop(k, default)`` (a dict's: a list's takes one argument) takes by key,
                # which the slots read key by key (``tilecheck.host.cells``)
                if func.attr.value == "append" and slot_tests.plain_add(node):
                    continue  # ``sums.append(float(...))``: keeps no object
                if func.attr.value == "pop" and slot_tests.keyed_pop(node, keys):
                    continue  # ``pending.pop(h)`` of ``for h in ("q", "k")``: by each key
                if func.attr.value != "pop" or len(node.args) != 2:
                    return True
        elif type(node) is cst.Lambda:
            continue
        stack.extend(node.children)
    return False
