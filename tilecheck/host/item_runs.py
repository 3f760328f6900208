"""Ops run again through an item of a local container. ``ops = {"b": g.record(k(b))}`` (or a
list display, or ``ops["b"] = op``) keeps the op under its constant key; ``ops["b"].sync()``
after the op was run or handed on, on every path (``State.taken``), raises as ``op.sync()``
would (TC110), and a run through the item counts as the op's from there on. Only an item the
container holds under that key alone (one object), of a container whose items stay at their
keys (``tilecheck.host.steady_items``: no ``ops.pop(0)``, ``ops.reverse()``), counts; a
computed key, a container of a parameter, an attribute or an outer name are left to the
other rules.

A loop that runs its target's op on every step (``for op in ops: op.sync()``: a statement of
the body runs ``op.sync()`` or ``op.submit()``, outside any test, lambda or comprehension; the
body never leaves early, never rebinds ``op``; the loop walks a local list or tuple whose items
stay at their keys) and ends normally ran every item of the list: each op it took is run from
there on (``State.taken``), so ``tr.zip(*ops)``, where every op the list may hold was run on
every path, raises (TC110 at ``ops``; were the list empty, ``tr.zip()`` raises as well)."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host import messages
from tilecheck.host.context import Context
from tilecheck.host.expressions import Expressions
from tilecheck.host.field_paths import bare_names, settled_class
from tilecheck.host.findings import Finding
from tilecheck.host.item_loops import item_reruns
from tilecheck.host.key_lists import known_key_path
from tilecheck.host.model import Kind, Many, Packed, Value, flatten
from tilecheck.host.queue_drains import Drain, drained, drains
from tilecheck.host.returned_rows import returned_of
from tilecheck.host.rewalked_items import rewalked
from tilecheck.host.steady_items import steady_items
from tilecheck.syntax.nodes import path_of, source_of, target_names
from tilecheck.syntax.walk import with_parents

_RUNS = ("sync", "submit")
# Where a call inside a statement may not run, or may run elsewhere.
_SKIPPED = (
    cst.Lambda,
    cst.IfExp,
    cst.BooleanOperation,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
)
_LISTS = (cst.List, cst.Tuple, cst.ListComp)
_EMPTY = frozenset({"builtins.list", "collections.deque"})
# Where a name may be bound otherwise than by an assignment.
_BINDERS = (cst.AugAssign, cst.NamedExpr, cst.AsName, cst.Element, cst.StarredElement)
_LEAVES = (cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Try, cst.TryStar, cst.Yield)


class ItemRuns(Expressions):
    __slots__ = ("_every_run", "_lists", "_queue_drains", "_steady")

    def __init__(self, ctx: Context) -> None:
        Expressions.__init__(self, ctx)
        self._steady: dict[str, bool] = {}  # a container's name -> ``steady_items``
        self._every_run: dict[int, tuple[cst.Call, str] | None] = {}  # loop -> its step's run
        self._lists: dict[str, bool] = {}  # a name -> bound to lists only (``_list_walked``)
        self._queue_drains: dict[int, dict[int, Drain]] = {}  # a scope's id -> its drain loops

    def steady(self, name: str) -> bool:
        """What ``name`` holds keeps its items at their keys in this body."""
        found = self._steady.get(name)
        if found is None:
            scope = self.scope_node or self.module_node
            found = self._steady[name] = scope is not None and steady_items(scope, name)
        return found

    def check_rerun(
        self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str
    ) -> int | None:
        if type(expr) is cst.Name and how == "zip" and isinstance(value, (Many, Packed)):
            whole = Expressions.check_rerun(self, expr, value, node, how)
            self._zipped_whole(cst.ensure_type(expr, cst.Name).value, value, node)
            return whole
        if type(expr) is cst.Attribute and (self.instances or getattr(self, "me", None)):
            return self._field_rerun(expr, value, node, how)
        if type(expr) is cst.Name:
            op = Expressions.check_rerun(self, expr, value, node, how)
            if op is None or op not in self.taken:  # (round 37E: a second walk)
                again = rewalked(self, cst.ensure_type(expr, cst.Name), value, node, how)
                if again is not None:
                    self.verdict(OP_ALREADY_RUN, node, again)
            return op
        if type(expr) is not cst.Subscript:
            return Expressions.check_rerun(self, expr, value, node, how)
        path = path_of(expr)
        if path is None:  # ``ops[i]`` in an unrolled slot of ``for i in (0, 1)``: ``ops[0]``
            path = known_key_path(expr, self.defs)
        if path is None or "[" not in path or not self.local_container(path):
            every = self._every_item_run(cst.ensure_type(expr, cst.Subscript), value, node, how)
            if every is not None:
                self.verdict(OP_ALREADY_RUN, node, every[0])
            return Expressions.check_rerun(self, expr, value, node, how)
        held = self.env.get(path)
        finding: Finding | None = None
        known: int | None = None
        if held is not None and len(held) == 1 and value == held and not self.lazy:
            (op,) = held
            kind = self.infos[op].kind
            steady = kind is Kind.OP and self.steady(path.partition("[")[0])
            known = op if steady else None
            runs = self.taken.get(op) if known is not None else None
            if runs is not None:
                ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
                finding = messages.already_run(node, source_of(expr), self.infos[op], ordered, how)
        if finding is None:
            every = self._every_item_run(cst.ensure_type(expr, cst.Subscript), value, node, how)
            finding = every[0] if every is not None else None
        self.verdict(OP_ALREADY_RUN, node, finding)
        Expressions.check_rerun(self, expr, value, node, how)
        return known  # run from here on (``Verdicts.run_once``)

    def _field_rerun(
        self, expr: cst.Attribute, value: Value, node: cst.CSTNode, how: str
    ) -> int | None:
        """``box.op.sync()`` (round 31E): a field of an instance the analysis follows
        (``ObjectGraphs.instances``) that holds one op, as an item or a name does: run again
        where every path ran it (TC110), and run from here on."""
        path = path_of(expr)
        held = self.env.get(path) if path is not None else None
        if (
            path is None
            or held is None
            or len(held) != 1
            or value != held
            or self.lazy
            or not self._settled_field(path.rpartition(".")[0])
        ):
            return Expressions.check_rerun(self, expr, value, node, how)
        (op,) = held
        if self.infos[op].kind is not Kind.OP:
            return Expressions.check_rerun(self, expr, value, node, how)
        runs = self.taken.get(op)
        finding: Finding | None = None
        if runs is not None:
            ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
            finding = messages.already_run(node, source_of(expr), self.infos[op], ordered, how)
        self.verdict(OP_ALREADY_RUN, node, finding)
        Expressions.check_rerun(self, expr, value, node, how)
        return op

    def _settled_field(self, owner: str) -> bool:
        """``owner`` is a name bound to an instance of a settled class that the scope gives
        nowhere (``tilecheck.host.field_paths``): its fields' facts hold on every path."""
        cls = self.instances.get(owner)
        info = getattr(self, "method_of", None)  # a method's receiver (``BodyAnalysis.me``)
        if cls is None and info is not None and owner == getattr(self, "me", None):
            cls = info.name
        scope = self.scope_node or self.module_node
        return (
            cls is not None
            and scope is not None
            and owner.isidentifier()
            and settled_class(self.ctx.index, self.ctx.module, cls)
            and owner not in bare_names(self.ctx.index, scope)
        )

    def _every_item_run(
        self, expr: cst.Subscript, value: Value, node: cst.CSTNode, how: str
    ) -> tuple[Finding | None] | None:
        """``ops[i].sync()`` (any index, not a slice) of a local list or dict every op of which
        was already run or handed on (recorded in a graph...) on every path: whichever item it
        is, it runs again (TC110). Only where every item that went into the container is an op
        the analysis follows (no ``ops[?]`` marker: ``ZippedItems``), and the container is
        named only where that is seen. None where this is not such a container's item."""
        base = expr.value
        if (
            type(base) is not cst.Name
            or len(expr.slice) != 1
            or type(expr.slice[0].slice) is not cst.Index
            or self.lazy
        ):
            return None
        name = cst.ensure_type(base, cst.Name).value
        contents = self.env.get(name + "[*]")
        if not contents or name + "[?]" in self.env or not self.local_container(name + "[*]"):
            return None
        held = flatten(value)
        if type(value) is not frozenset or not held or not held <= contents:
            return (None,)
        infos, taken = self.infos, self.taken
        if not all(infos[o].kind is Kind.OP and o in taken for o in contents):
            return (None,)
        if not self._followed(name):
            return (None,)
        runs = {
            o: [(n, w) for _, n, w, _ in sorted(taken[o], key=lambda r: (r[0], r[2]))]
            for o in sorted(held)
        }
        shown = source_of(expr)
        return (messages.item_already_run(node, shown, name, infos, runs, how),)

    def _zipped_whole(self, name: str, value: Many | Packed, node: cst.CSTNode) -> None:
        """``tr.zip(*ops)``: TC110 where every op the list may hold was run on every path."""
        held = flatten(value)
        if not held or self.lazy or not self.local_container(f"{name}[*]"):
            return
        ran = [o for o in held if self.infos[o].kind is Kind.OP and o in self.taken]
        if len(ran) != len(held):  # or an item by constant index, run (``ops[0].sync()``)
            ran = [o for o in self._run_items(name) if o in held]
        if not ran or not self._list_walked(name):
            return
        op = min(ran)
        runs = self.taken[op]
        ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
        finding = messages.already_run(node, f"*{name}", self.infos[op], ordered, "zip")
        self.verdict(OP_ALREADY_RUN, node, finding)

    def _run_items(self, name: str) -> list[int]:
        """The ops ``name[0]``, ``name[-1]``... hold alone, run on every path."""
        out: list[int] = []
        for path in self._under.get(name, ()):
            key = path[len(name) + 1 : -1] if path.startswith(name + "[") else ""
            held = self.env.get(path) if key.lstrip("-").isdigit() else None
            if held is not None and len(held) == 1:
                (op,) = held
                if self.infos[op].kind is Kind.OP and op in self.taken:
                    out.append(op)
        return out

    def drained(self, test: cst.BaseExpression, path: str) -> None:
        """``while q:`` ended (or ``if not q:`` holds): ``q`` is empty; a drain loop waited
        every holder it held (``tilecheck.host.queue_drains``)."""
        scope = self.scope_node or self.module_node
        if type(test) is cst.Name and scope is not None and path + "[*]" in self.env:
            found = self._queue_drains.get(id(scope))
            if found is None:
                found = self._queue_drains[id(scope)] = drains(scope)
            drain = found.get(id(test))
            if drain is not None and not self.lazy:
                drained(self, drain)
        self.emptied(path)

    def loop_back(self, loop: cst.CSTNode) -> None:
        """Also an op an item holds, run again in the loop's next turn (round 40N)."""
        Expressions.loop_back(self, loop)
        if self.taken and not self.lazy:
            top = self.element.top if self.element is not None else 0
            found = item_reruns(self, loop, top)
            if found:
                self.loop_reruns[id(loop)] = {**found, **self.loop_reruns.get(id(loop), {})}

    def loop_done(self, loop: cst.For) -> None:
        ran = self._runs_every_item(loop)
        taken = self._elements.get(id(loop), {}) if ran is not None else {}
        Expressions.loop_done(self, loop)
        if ran is None or self.capturing_graph() is not None:
            return
        for origin in set(taken.values()):
            if self.infos[origin].kind is Kind.OP:
                self.took(origin, ran[0], ran[1])

    def _runs_every_item(self, loop: cst.For) -> tuple[cst.Call, str] | None:
        """The call that runs the step's op, where ``loop`` runs every item of a list."""
        key = id(loop)
        if key in self._every_run:
            return self._every_run[key]
        found: tuple[cst.Call, str] | None = None
        target, walked = loop.target, loop.iter
        if (
            type(target) is cst.Name
            and type(walked) is cst.Name
            and loop.orelse is None
            and loop.asynchronous is None
            and self.local_container(f"{cst.ensure_type(walked, cst.Name).value}[*]")
        ):
            name = cst.ensure_type(target, cst.Name).value
            container = cst.ensure_type(walked, cst.Name).value
            rebound = self.rebinds(loop)
            if name not in rebound and container not in rebound:
                found = _step_run(loop, name)
            if found is not None and not self._list_walked(container):
                found = None
        self._every_run[key] = found
        return found

    def _list_walked(self, name: str) -> bool:
        """``name`` is bound only to list or tuple displays or comprehensions (by plain
        assignments) and keeps its items at their keys."""
        known = self._lists.get(name)
        if known is None:
            known = self._lists[name] = self._only_lists(name)
        return known

    def _only_lists(self, name: str) -> bool:
        scope = self.scope_node or self.module_node
        if scope is None or not self.steady(name):
            return False
        for node, parent, _ in with_parents(scope):
            if type(node) is not cst.Name or cst.ensure_type(node, cst.Name).value != name:
                continue
            if isinstance(parent, cst.AssignTarget):
                continue  # checked with its statement below
            if isinstance(parent, cst.AnnAssign) and parent.target is node:
                if not (isinstance(parent.value, _LISTS) or self._empty(parent.value)):
                    return False
            elif isinstance(parent, _BINDERS):
                return False
        for node, _, _ in with_parents(scope):
            if type(node) is cst.Assign:
                assign = cst.ensure_type(node, cst.Assign)
                if any(name in target_names(t.target) for t in assign.targets) and (
                    len(assign.targets) != 1
                    or type(assign.targets[0].target) is not cst.Name
                    or (
                        not (isinstance(assign.value, _LISTS) or self._empty(assign.value))
                        and not self._built(assign.value)
                    )
                ):
                    return False
            elif isinstance(node, (cst.For, cst.CompFor)) and name in target_names(node.target):
                return False
        return True

    def _built(self, value: cst.BaseExpression) -> bool:
        """``build()``: a plain function of the module that returns a list or tuple display
        (``tilecheck.host.returned_rows``, round 40N)."""
        if type(value) is not cst.Call or type(value.func) is not cst.Name:
            return False
        found = self.ctx.function_for(value.func.value)
        return found is not None and type(returned_of(found[0])) in (cst.List, cst.Tuple)

    def _empty(self, value: cst.BaseExpression | None) -> bool:
        """``deque()`` / ``list()``: a new empty list (round 37E), its items all appended where
        the analysis sees them."""
        return (
            type(value) is cst.Call
            and not value.args
            and self.ctx.callee(value.func).canonical in _EMPTY
        )


def _step_run(loop: cst.For, name: str) -> tuple[cst.Call, str] | None:
    """``name.sync()`` / ``name.submit()`` run by a statement of the body on every step, where
    the body never leaves early (no ``break``, ``continue``, ``return``, ``raise``, ``try``)."""
    body = loop.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    found: tuple[cst.Call, str] | None = None
    for node, _, _ in with_parents(body):
        if isinstance(node, _LEAVES) or isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            return None
    for stmt in body.body:
        if not isinstance(stmt, cst.SimpleStatementLine) or found is not None:
            continue
        for small in stmt.body:
            found = found or _run_in(small, name)
    return found


def _run_in(small: cst.BaseSmallStatement, name: str) -> tuple[cst.Call, str] | None:
    stack: list[cst.CSTNode] = [small]
    while stack:
        node = stack.pop()
        if isinstance(node, _SKIPPED) or isinstance(node, cst.Await):
            continue
        if type(node) is cst.Call and type(cst.ensure_type(node, cst.Call).func) is cst.Attribute:
            call = cst.ensure_type(node, cst.Call)
            func = cst.ensure_type(call.func, cst.Attribute)
            receiver = func.value
            if (
                type(receiver) is cst.Name
                and cst.ensure_type(receiver, cst.Name).value == name
                and func.attr.value in _RUNS
            ):
                return call, func.attr.value
        stack.extend(node.children)
    return None
