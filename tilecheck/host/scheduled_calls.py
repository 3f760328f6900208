"""A ``sched.scheduler``'s events, run by its ``run()`` in their documented order (issue 17,
round 33A): ``enterabs(time, priority, action, argument=(), kwargs={})`` registers
``action(*argument, **kwargs)`` to run at ``time``, ``enter(delay, ...)`` at now plus
``delay``; ``run()`` runs every registered event, earliest time first, a lower priority number
first among equal times, the earlier registration first among equal both (the queue is a heap
of ``(time, priority, sequence, ...)``). So a ``read_back`` entered with priority 1 runs before
a ``pending.wait`` entered with priority 2 at the same time, whatever order they were entered
in.

Followed only where that order is certain from the source: a name bound once, by a statement
of a block, to a call of ``sched.scheduler``; statements of that block after it that are each
a lone ``s.enter(...)`` or ``s.enterabs(...)`` of literal priorities, each action an access
path (``read_back``, ``pending.wait``), its ``argument=`` a tuple display and its ``kwargs=`` a
dict display of string keys; their times either one same expression (``t0``) or number
literals, all ``enter`` or all ``enterabs``; then one statement ``s.run()`` of that block; the
name read nowhere else in the module. There each entry is a call registering nothing (its
action is not called there) and ``s.run()`` is the display ``(a1(...), a2(...), ...)`` of the
actions' calls in the scheduler's order. Anything else is left as it was (unknown code)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.dunders import receiver_path
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name

SCHEDULER = "sched.scheduler"
ENTERS = frozenset({"enter", "enterabs"})
METHODS = ENTERS | {"run"}  # the cheap gate at a call
ROOT = "sched"
REGISTERS = cst.Name("None")  # what an entry followed here is: it only registers

_Plan = dict[int, cst.BaseExpression]  # a call's id -> what it is


def lowered(ctx: Context, module: cst.Module, call: cst.Call) -> cst.BaseExpression | None:
    """What ``call`` (an ``enter``/``enterabs``/``run`` of a followed scheduler) is: the
    display of the actions' calls for ``run()``, ``REGISTERS`` for an entry; None where the
    call is not followed."""
    found = ctx.index.fact(module, _plans)
    made = found.get(id(call))
    if made is None:
        return None
    binding = found.get(-id(call))  # (the scheduler's construction, checked by its name)
    if type(binding) is not cst.Call or ctx.callee(binding.func).canonical != SCHEDULER:
        return None
    return made


def _plans(index: SyntaxIndex, module: cst.CSTNode) -> _Plan:
    out: _Plan = {}
    if type(module) is not cst.Module:
        return out
    names: dict[str, int] = {}
    for node in index.nodes(module):
        if type(node) is cst.Name:
            names[node.value] = names.get(node.value, 0) + 1
    for block in _blocks(index, module):
        for at, stmt in enumerate(block):
            bound = _scheduler_bound(stmt)
            if bound is not None:
                _plan_block(block[at + 1 :], bound[0], bound[1], names, out)
    return out


def _blocks(index: SyntaxIndex, module: cst.Module) -> list[Sequence[cst.BaseStatement]]:
    """The module's statement lists: its body and every indented block in it."""
    found: list[Sequence[cst.BaseStatement]] = [module.body]
    found += [n.body for n in index.nodes(module) if type(n) is cst.IndentedBlock]
    return found


def _scheduler_bound(stmt: cst.BaseStatement) -> tuple[str, cst.Call] | None:
    """``s = sched.scheduler(...)`` (annotated or not): the name and the call."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    target: cst.BaseExpression | None = None
    if type(small) is cst.Assign and len(small.targets) == 1:
        target = small.targets[0].target
    elif type(small) is cst.AnnAssign:
        target = small.target
    value = getattr(small, "value", None)
    if type(target) is not cst.Name or type(value) is not cst.Call:
        return None
    spelled = dotted_name(value.func)
    if spelled is None or spelled.rpartition(".")[2] != "scheduler":
        return None
    return target.value, value


def _method_call(stmt: cst.BaseStatement, name: str) -> cst.Call | None:
    """The lone ``name.m(...)`` statement ``stmt`` is, for ``m`` in ``METHODS``."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    call = small.value if type(small) is cst.Expr else None
    if type(call) is not cst.Call or type(call.func) is not cst.Attribute:
        return None
    func = call.func
    if type(func.value) is not cst.Name or func.value.value != name:
        return None
    return call if func.attr.value in METHODS else None


def _plan_block(
    later: Sequence[cst.BaseStatement],
    name: str,
    binding: cst.Call,
    names: dict[str, int],
    out: _Plan,
) -> None:
    entries: list[cst.Call] = []
    run: cst.Call | None = None
    for stmt in later:
        call = _method_call(stmt, name)
        if call is None:
            continue
        method = _attr(call).attr.value
        if method == "run":
            run = call
            break
        entries.append(call)
    if run is None or run.args or not entries or names.get(name) != len(entries) + 2:
        return  # (the binding, the entries and the run: the name's only reads)
    keyed: list[tuple[float, int, int, cst.Call]] = []
    methods = {_attr(c).attr.value for c in entries}
    if len(methods) != 1:
        return
    same = {_code(_arg(c, 0, "time" if "enterabs" in methods else "delay")) for c in entries}
    for order, entry in enumerate(entries):
        shape = _entry(entry, run, methods, len(same) == 1)
        if shape is None:
            return
        when, priority, action = shape
        keyed.append((when, priority, order, action))
    keyed.sort(key=lambda k: k[:3])
    display = cst.Tuple([cst.Element(k[3]) for k in keyed])
    out[id(run)] = lowered_from(run, display)
    out[-id(run)] = binding
    for entry in entries:
        out[id(entry)] = REGISTERS
        out[-id(entry)] = binding


def _attr(call: cst.Call) -> cst.Attribute:
    return call.func  # type: ignore[return-value]  # (``_method_call`` checked it)


def _code(expr: cst.BaseExpression | None) -> str | None:
    return cst.Module(body=()).code_for_node(expr) if expr is not None else None


def _arg(call: cst.Call, at: int, keyword: str) -> cst.BaseExpression | None:
    """The argument at position ``at`` or given as ``keyword``."""
    positional = [a for a in call.args if a.keyword is None]
    if at < len(positional):
        return positional[at].value
    return next((a.value for a in call.args if a.keyword and a.keyword.value == keyword), None)


def _number(expr: cst.BaseExpression | None) -> float | None:
    sign = 1.0
    if type(expr) is cst.UnaryOperation and type(expr.operator) is cst.Minus:
        sign, expr = -1.0, expr.expression
    if type(expr) is cst.Integer or type(expr) is cst.Float:
        return sign * float(expr.evaluated_value)
    return None


def _entry(
    call: cst.Call, run: cst.Call, methods: set[str], same_time: bool
) -> tuple[float, int, cst.Call] | None:
    """An entry's time (0 for one same expression), priority and the action's call (made
    by ``run``: shown there)."""
    if any(a.star for a in call.args) or len(call.args) > 5:
        return None
    keywords = {a.keyword.value for a in call.args if a.keyword is not None}
    if keywords - {"time", "delay", "priority", "action", "argument", "kwargs"}:
        return None
    when = (
        0.0 if same_time else _number(_arg(call, 0, "time" if "enterabs" in methods else "delay"))
    )
    priority = _number(_arg(call, 1, "priority"))
    action = _arg(call, 2, "action")
    if when is None or priority is None or priority != int(priority) or action is None:
        return None
    if receiver_path(action) is None:
        return None
    given: list[cst.Arg] = []
    argument = _arg(call, 3, "argument")
    if argument is not None:
        if type(argument) is not cst.Tuple or any(
            type(e) is not cst.Element for e in argument.elements
        ):
            return None
        given += [cst.Arg(e.value) for e in argument.elements]
    kwargs = _arg(call, 4, "kwargs")
    if kwargs is not None:
        if type(kwargs) is not cst.Dict:
            return None
        for element in kwargs.elements:
            key = element.key if type(element) is cst.DictElement else None
            text = key.evaluated_value if type(key) is cst.SimpleString else None
            if not isinstance(text, str) or not text.isidentifier():
                return None
            given.append(cst.Arg(element.value, keyword=cst.Name(text), equal=cst.AssignEqual()))
    return when, int(priority), lowered_from(run, cst.Call(action, given))
