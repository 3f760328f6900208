"""A list of in-flight work followed item by item through the turns of a loop (round 34L of issue
17). The analysis keeps one cell for everything a list may hold, so a Pending that a loop appends
each turn and a trim (``del q[:-2]``, ``q = q[-2:]``, ``q.pop(0)``) drops from it later is never
seen to go: the cell still holds "the site's Pending". Here the loop's turns are run one after
another on the list's items alone (which turn appended each, whether its Pending was waited),
with every test on the list's length or the loop's counter decided, so the item a trim drops is
known, and so is whether anything waited on it first.

Only statements whose effect on the items is certain are followed: the append that puts the
turn's Pending in (``tilecheck.host.trimmed_items`` finds it), ``q.pop(i)`` / ``q.popleft()``
alone (the item dropped), waited (``q.pop(0).wait()``) or bound (``_, buf, p = q.pop(0)``, then
``p.wait()``), ``del q[...]`` and ``q = q[...]`` of constant indices, ``q.clear()``, a ``for``
over ``q`` or a constant slice of it (each item's Pending bound to the target in turn, paired
with its own buffer), and ``if`` / ``while`` whose test is decided. A statement naming the list
or a name bound to one of its Pendings in any other way (``Unknown``) stops the run: nothing is
said. An item whose Pending a name still holds when it leaves the list is not dropped yet, and
is not followed further (silent)."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from tilecheck.syntax.constants import const_int
from tilecheck.syntax.walk import descendants

MOST_STEPS = 4000  # statements run over every turn, before giving up


class Unknown(Exception):
    """A statement whose effect on the list's items is not followed: the run says nothing."""


@dataclasses.dataclass(eq=False)
class Item:
    """One item of the list: the turn that made it, and what became of its Pending."""

    turn: int
    waited: bool = False
    escaped: bool = False  # not followed (unknown item, or held elsewhere when it left)


@dataclasses.dataclass(frozen=True)
class Made:
    """How a turn puts its Pending in the list: the ``q.append(...)`` statement, the binding
    that makes the Pending (``p = k(...).submit()``; None where the append makes it), the name
    it binds, and where the Pending sits in the appended tuple (None: the item is the Pending)."""

    append: cst.Expr
    binding: cst.CSTNode | None
    name: str | None
    position: int | None
    width: int


@dataclasses.dataclass(frozen=True)
class Drop:
    """An item dropped from the list with its Pending never waited: the turn that appended it,
    and the statement that dropped it."""

    turn: int
    statement: cst.CSTNode


_COMPARE: dict[type[cst.BaseCompOp], Callable[[int, int], bool]] = {
    cst.LessThan: operator.lt,
    cst.LessThanEqual: operator.le,
    cst.GreaterThan: operator.gt,
    cst.GreaterThanEqual: operator.ge,
    cst.Equal: operator.eq,
    cst.NotEqual: operator.ne,
}
_ARITHMETIC: dict[type[cst.BaseBinaryOp], Callable[[int, int], int]] = {
    cst.Add: operator.add,
    cst.Subtract: operator.sub,
    cst.Multiply: operator.mul,
}
_FRONT = ("pop", "popleft")


class Turns:
    """The run of a loop's turns on the items of the list ``name``."""

    def __init__(self, name: str, made: Made, constants: Mapping[str, int]) -> None:
        self.name = name
        self.made = made
        self.values: dict[str, int] = dict(constants)
        self.items: list[Item] = []
        self.bound: dict[str, Item] = {}  # names bound to an item's Pending
        self.drops: list[Drop] = []
        self.turn = 0
        self.steps = 0

    def run(
        self,
        body: Sequence[cst.BaseStatement | cst.BaseSmallStatement],
        turn: int,
        counter: tuple[str, int] | None,
    ) -> None:
        """One turn of the loop (``counter``: the loop's name and its value this turn)."""
        self.turn = turn
        if counter is not None:
            self.values[counter[0]] = counter[1]
        self.block(body)

    # statements

    def block(self, body: Sequence[cst.BaseStatement | cst.BaseSmallStatement]) -> None:
        for stmt in body:
            self.steps += 1
            if self.steps > MOST_STEPS:
                raise Unknown
            self.statement(stmt)

    def statement(self, stmt: cst.BaseStatement | cst.BaseSmallStatement) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            self.block(stmt.body)
        elif not self._mentions(stmt):
            return
        elif stmt is self.made.binding:
            self.bound.pop(self.made.name or "", None)
            self.bound[self.made.name or ""] = Item(self.turn)
        elif isinstance(stmt, cst.Expr):
            self._expression(stmt)
        elif isinstance(stmt, cst.Del):
            self._delete(stmt, stmt.target)
        elif isinstance(stmt, cst.Assign):
            self._assign(stmt)
        elif isinstance(stmt, cst.If):
            self._if(stmt)
        elif isinstance(stmt, cst.While):
            self._while(stmt)
        elif isinstance(stmt, cst.For):
            self._for(stmt)
        elif isinstance(stmt, cst.With) and stmt.asynchronous is None:
            self.block(stmt.body.body)
        else:
            raise Unknown

    def _expression(self, stmt: cst.Expr) -> None:
        call = stmt.value
        if type(call) is not cst.Call or type(call.func) is not cst.Attribute:
            raise Unknown
        method, receiver = call.func.attr.value, call.func.value
        if stmt is self.made.append:
            if self.made.name is not None:
                item = self.bound.get(self.made.name)
                if item is None:
                    raise Unknown
            else:
                item = Item(self.turn)
            self.items.append(item)
        elif self._is_list(receiver) and method == "append" and len(call.args) == 1:
            self.items.append(Item(self.turn, escaped=True))  # an item of no interest
        elif self._is_list(receiver) and method == "clear" and not call.args:
            for item in self.items:
                self._leave(item, stmt)
            self.items = []
        elif self._is_list(receiver) and method in _FRONT:
            self._leave(self._pop(call), stmt)
        elif method == "wait" and not call.args:
            self._wait(receiver)
        else:
            raise Unknown

    def _wait(self, receiver: cst.BaseExpression) -> None:
        if type(receiver) is cst.Name and receiver.value in self.bound:
            self.bound[receiver.value].waited = True
        elif type(receiver) is cst.Call and self.made.position is None:
            func = receiver.func
            if type(func) is not cst.Attribute or not self._is_list(func.value):
                raise Unknown
            if func.attr.value not in _FRONT:
                raise Unknown
            self._pop(receiver).waited = True
        else:
            raise Unknown

    def _pop(self, call: cst.Call) -> Item:
        """The item ``q.pop(i)`` / ``q.popleft()`` takes out (an empty list: Unknown)."""
        func = call.func
        assert type(func) is cst.Attribute
        if func.attr.value == "popleft":
            at: int | None = 0 if not call.args else None
        elif not call.args:
            at = -1
        else:
            at = self._value(call.args[0].value) if len(call.args) == 1 else None
        if at is None or not -len(self.items) <= at < len(self.items):
            raise Unknown
        return self.items.pop(at)

    def _delete(self, stmt: cst.CSTNode, target: cst.BaseExpression) -> None:
        kept = self._selected(target)
        if kept is None:
            raise Unknown
        gone = set(kept)
        for position, item in enumerate(self.items):
            if position in gone:
                self._leave(item, stmt)
        self.items = [item for i, item in enumerate(self.items) if i not in gone]

    def _assign(self, stmt: cst.Assign) -> None:
        if len(stmt.targets) != 1:
            raise Unknown
        target, value = stmt.targets[0].target, stmt.value
        if type(target) is cst.Name and target.value == self.name:
            kept = self._selected(value)
            if kept is None:
                raise Unknown
            staying = {id(self.items[i]) for i in kept}
            for item in self.items:
                if id(item) not in staying:
                    self._leave(item, stmt)
            self.items = [self.items[i] for i in kept]
            return
        if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
            raise Unknown
        if not self._is_list(value.func.value) or value.func.attr.value not in _FRONT:
            raise Unknown
        if any(self._mentions(t.target, lists=False) for t in stmt.targets):
            raise Unknown  # rebinding a name that holds a Pending
        self._bind(target, self._pop(value))

    def _bind(self, target: cst.BaseExpression, item: Item) -> None:
        """``target`` takes ``item`` (a whole item, or a tuple unpacked into names): the name
        at the Pending's position holds it from here."""
        position, width = self.made.position, self.made.width
        if position is None:
            pending = target
        elif type(target) in (cst.Tuple, cst.List):
            elements = target.elements  # type: ignore[attr-defined]
            if len(elements) != width or any(type(e) is cst.StarredElement for e in elements):
                raise Unknown
            pending = elements[position].value
        else:
            raise Unknown
        if type(pending) is not cst.Name:
            raise Unknown
        old = self.bound.pop(pending.value, None)
        if old is not None and not old.waited:
            old.escaped = True
        self.bound[pending.value] = item

    def _if(self, stmt: cst.If) -> None:
        truth = self._value(stmt.test)
        if truth is None:
            raise Unknown
        if truth:
            self.block(stmt.body.body)
        elif type(stmt.orelse) is cst.If:
            self._if(stmt.orelse)
        elif stmt.orelse is not None:
            self.block(stmt.orelse.body.body)

    def _while(self, stmt: cst.While) -> None:
        if stmt.orelse is not None:
            raise Unknown
        while True:
            truth = self._value(stmt.test)
            if truth is None:
                raise Unknown
            if not truth:
                return
            self.steps += 1
            if self.steps > MOST_STEPS:
                raise Unknown
            self.block(stmt.body.body)

    def _for(self, stmt: cst.For) -> None:
        if stmt.orelse is not None or stmt.asynchronous is not None:
            raise Unknown
        iterable = stmt.iter
        if type(iterable) is cst.Call and type(iterable.func) is cst.Name:
            if iterable.func.value != "list" or len(iterable.args) != 1:
                raise Unknown
            iterable = iterable.args[0].value
        chosen = self._selected(iterable)
        if chosen is None or self._mentions(stmt.body, pendings=False):
            raise Unknown  # (a body that changes the list it walks)
        for item in [self.items[i] for i in chosen]:
            self._bind(stmt.target, item)
            self.block(stmt.body.body)

    # items

    def _leave(self, item: Item, stmt: cst.CSTNode) -> None:
        """``item`` leaves the list at ``stmt``: dropped unwaited, unless a name still holds
        it (then not followed further)."""
        if item.waited or item.escaped:
            return
        if any(held is item for held in self.bound.values()):
            item.escaped = True
            return
        self.drops.append(Drop(item.turn, stmt))

    def _selected(self, expr: cst.BaseExpression) -> list[int] | None:
        """The positions ``q`` (all), ``q[i]`` or ``q[a:b:c]`` (constant ends) names."""
        if self._is_list(expr):
            return list(range(len(self.items)))
        if type(expr) is not cst.Subscript or not self._is_list(expr.value):
            return None
        if len(expr.slice) != 1:
            return None
        index = expr.slice[0].slice
        positions = list(range(len(self.items)))
        if type(index) is cst.Index:
            at = self._value(index.value)
            if at is None or not -len(positions) <= at < len(positions):
                return None
            return [positions[at]]
        if type(index) is not cst.Slice:
            return None
        ends: list[int | None] = []
        for end in (index.lower, index.upper, index.step):
            if end is None:
                ends.append(None)
            else:
                known = self._value(end)
                if known is None or known is True or known is False:
                    return None
                ends.append(known)
        if ends[2] == 0:
            return None
        return positions[slice(*ends)]

    # names and values

    def _is_list(self, expr: cst.BaseExpression) -> bool:
        return type(expr) is cst.Name and expr.value == self.name

    def _mentions(self, node: cst.CSTNode, *, lists: bool = True, pendings: bool = True) -> bool:
        """Whether ``node`` names the list (``lists``) or a name holding one of its Pendings
        (``pendings``, the turn's Pending's name too)."""
        names: set[str] = set()
        if lists:
            names.add(self.name)
        if pendings:
            names.update(self.bound)
            if self.made.name is not None:
                names.add(self.made.name)
        return any(type(n) is cst.Name and n.value in names for n in descendants(node))

    def _value(self, expr: cst.BaseExpression) -> int | None:
        """An integer (or truth, as 0/1) the run knows here: literals, constants, the counter,
        ``len(q)``, ``q``'s truth, arithmetic, comparisons, ``and``/``or``/``not``."""
        kind = type(expr)
        if kind is cst.Name:
            name = expr.value  # type: ignore[attr-defined]
            if name == self.name:
                return int(bool(self.items))
            if name in ("True", "False"):
                return int(name == "True")
            return self.values.get(name)
        if kind is cst.Call:
            func, args = expr.func, expr.args  # type: ignore[attr-defined]
            if type(func) is cst.Name and func.value == "len" and len(args) == 1:
                if self._is_list(args[0].value):
                    return len(self.items)
            return None
        if kind is cst.Comparison:
            return self._compare(expr)  # type: ignore[arg-type]
        if kind is cst.BooleanOperation:
            left = self._value(expr.left)  # type: ignore[attr-defined]
            if left is None:
                return None
            if type(expr.operator) is cst.And:  # type: ignore[attr-defined]
                return self._value(expr.right) if left else left  # type: ignore[attr-defined]
            return left if left else self._value(expr.right)  # type: ignore[attr-defined]
        if kind is cst.UnaryOperation and type(expr.operator) is cst.Not:  # type: ignore[attr-defined]
            inner = self._value(expr.expression)  # type: ignore[attr-defined]
            return None if inner is None else int(not inner)
        if kind is cst.BinaryOperation:
            return self._arithmetic(expr)  # type: ignore[arg-type]
        return const_int(expr, self.values)

    def _arithmetic(self, expr: cst.BinaryOperation) -> int | None:
        left, right = self._value(expr.left), self._value(expr.right)
        if left is None or right is None:
            return None
        op = type(expr.operator)
        if op in _ARITHMETIC:
            return _ARITHMETIC[op](left, right)
        if op in (cst.Modulo, cst.FloorDivide) and right != 0:
            return left % right if op is cst.Modulo else left // right
        return None

    def _compare(self, expr: cst.Comparison) -> int | None:
        left = self._value(expr.left)
        for target in expr.comparisons:
            right = self._value(target.comparator)
            test = _COMPARE.get(type(target.operator))
            if left is None or right is None or test is None:
                return None
            if not test(left, right):
                return 0
            left = right
        return 1
