"""List attributes a method appends to and trims from the front, waiting what it takes (round
34L of issue 17)::

    def handle(self, n):
        self.inflight.append(k(self.tokens.partition(s)).submit())
        if len(self.inflight) > 1:
            self.inflight.pop(0).wait()

The wait takes the list's oldest item, and with more than one item there that is never the
Pending this call appended (it went in last): the call leaves its own Pending in flight and
may wait one the caller saw there before. So the method is one that only appends to the list
(``tilecheck.host.attribute_lists``: its caller keeps the Pending it appends, borrowing what it
borrows, a later read of ``self.tokens`` checked against it), and its call may take the items
that were there before (``Summary.trims``: not followed past the call, silence).

Read from the syntax only: an ``if`` or ``while`` whose test is ``len(self.X) > k`` (``k`` an
integer literal of at least 1; ``>= k``, at least 2), whose body is nothing but
``self.X.pop(0).wait()`` / ``self.X.popleft().wait()`` statements. A pop with no index (the
last item, the one just appended), a pop not waited, or any other use of ``self.X`` keeps the
method's reach of the list as before."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import descendants

_FRONT = frozenset({"pop", "popleft"})


def front_trims(fn: cst.FunctionDef, me: str) -> tuple[frozenset[str], frozenset[int]]:
    """The attributes ``fn`` trims so, and the ids of the ``self.X`` nodes of those trims (its
    tests' and its pops'), which are no other use of the list."""
    names: set[str] = set()
    nodes: set[int] = set()
    for node in descendants(fn.body):
        if type(node) not in (cst.If, cst.While):
            continue
        assert isinstance(node, (cst.If, cst.While))
        if node.orelse is not None:
            continue
        tested = _length_above(node.test, me)
        if tested is None or type(node.body) is not cst.IndentedBlock or not node.body.body:
            continue
        attr, holder = tested
        popped = [_front_wait(stmt, me) for stmt in node.body.body]
        if any(p is None or p[0] != attr for p in popped):
            continue
        names.add(attr)
        nodes.add(id(holder))
        nodes.update(id(p[1]) for p in popped if p is not None)
    return frozenset(names), frozenset(nodes)


def _length_above(test: cst.BaseExpression, me: str) -> tuple[str, cst.Attribute] | None:
    """``len(self.X) > k`` (k >= 1) or ``len(self.X) >= k`` (k >= 2): X and ``self.X``."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return None
    left, target = test.left, test.comparisons[0]
    bound = target.comparator
    if type(bound) is not cst.Integer or not bound.value.isdigit():
        return None
    least = {cst.GreaterThan: 1, cst.GreaterThanEqual: 2}.get(type(target.operator))
    if least is None or int(bound.value) < least:
        return None
    if type(left) is not cst.Call or type(left.func) is not cst.Name or left.func.value != "len":
        return None
    if len(left.args) != 1:
        return None
    holder = left.args[0].value
    attr = _own_attribute(holder, me)
    return None if attr is None else (attr, holder)  # type: ignore[return-value]


def _front_wait(stmt: cst.BaseStatement, me: str) -> tuple[str, cst.Attribute] | None:
    """``self.X.pop(0).wait()`` or ``self.X.popleft().wait()`` as a statement: X, ``self.X``."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    expr = stmt.body[0]
    wait = expr.value if type(expr) is cst.Expr else None
    if type(wait) is not cst.Call or wait.args or type(wait.func) is not cst.Attribute:
        return None
    pop = wait.func.value
    if wait.func.attr.value != "wait" or type(pop) is not cst.Call:
        return None
    func = pop.func
    if type(func) is not cst.Attribute or func.attr.value not in _FRONT:
        return None
    front = func.attr.value == "popleft" and not pop.args
    if func.attr.value == "pop" and len(pop.args) == 1:
        index = pop.args[0].value
        front = type(index) is cst.Integer and index.value == "0" and not pop.args[0].keyword
    attr = _own_attribute(func.value, me)
    if not front or attr is None:
        return None
    return attr, func.value  # type: ignore[return-value]


def _own_attribute(expr: cst.BaseExpression, me: str) -> str | None:
    if type(expr) is cst.Attribute and type(expr.value) is cst.Name and expr.value.value == me:
        return expr.attr.value
    return None
