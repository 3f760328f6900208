"""A function of the module that launches with a partition kept in a field of an object it is
given (issue 17, round 40M): ``def sgd_step(params, g, lr): axpy(params.w_tiles, g,
-lr).sync()``, or ``def apply(layer, x): scale(layer.out_tiles, x, 0.5).sync()``.

A method's summary says which of ``self``'s attributes' partitions every call consumes
(``Summary.consumes_attributes``); a function given the object as a parameter had no such fact,
so a call applied through its summary (in a loop, or wherever it is not run in place) gave the
object's partitions away (TC904, "taken as run or waited there") and the second call's launch,
which the runtime refuses (the partition moved into the first), went unreported.

``field_launches`` finds, once per function and from its syntax alone, each kernel call's
argument ``p.attr`` (``p`` a parameter the body never rebinds) in a statement every call runs:
a simple statement of the body's top, before any line that could leave or branch, and before
any line that names ``p`` other than by reading one of its fields (``p.reset()``, ``p.attr =
...``, ``helper(p)`` may put another partition there). Not inside a lambda, a comprehension, a
conditional expression or a short-circuit. ``consume_fields`` applies them at a call: where the
argument is a name the caller follows and its field holds a partition, a launch consumed
already is TC109 at the launch inside (labelled at the call), and the partition is consumed
by this call. A call whose callee is not a kernel, a field holding a tensor, an argument the
caller does not follow: nothing (as before)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol, cast

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.model import Hold, Kind, Oids, Value
from tilecheck.host.summary import Summary
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

# (parameter, field, the kernel call, the argument ``p.field`` in it)
FieldLaunch = tuple[str, str, cst.Call, cst.Attribute]

_EXITS = (cst.Return, cst.Raise, cst.Break, cst.Continue)
_SKIPPED = (
    cst.Lambda,
    cst.FunctionDef,
    cst.ClassDef,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
    cst.IfExp,
    cst.BooleanOperation,
)


class Consuming(Protocol):
    """What of the analysis (``tilecheck.host.call_sites.CallSites``) this uses."""

    ctx: Context
    env: Mapping[str, Oids]
    holds: Mapping[int, Hold]

    def set_hold(self, oid: int, hold: Hold | None) -> None: ...

    def kinds(self, oids: Oids, kind: Kind) -> list[int]: ...

    def check_unconsumed(
        self, partitions: list[int], node: cst.CSTNode, consumer_group: int | None
    ) -> bool: ...

    def consume_all(self, partitions: list[int], call: cst.Call) -> None: ...

    def elsewhere(self, statement: int | None, call: cst.Call) -> AbstractContextManager[None]: ...


def field_launches(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[FieldLaunch, ...]:
    """The fields of parameters every call of ``fn`` gives a call (a kernel's, asked at the
    call site) as an argument, first found first; once per parameter and field."""
    assert isinstance(fn, cst.FunctionDef)
    if type(fn.body) is not cst.IndentedBlock:
        return ()
    params = {p.name.value for p in (*fn.params.posonly_params, *fn.params.params)}
    params |= {p.name.value for p in fn.params.kwonly_params}
    params -= _rebound(index, fn)
    touched: set[str] = set()  # parameters a line before named other than by a field read
    out: list[FieldLaunch] = []
    seen: set[tuple[str, str]] = set()
    for stmt in fn.body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            break
        for small in stmt.body:
            if type(small) in _EXITS:
                return tuple(out)
            for call, arg in _field_args(small):
                param = cast(cst.Name, arg.value).value
                key = (param, arg.attr.value)
                if param in params and param not in touched and key not in seen:
                    seen.add(key)
                    out.append((param, arg.attr.value, call, arg))
            touched |= _named_otherwise(small, params)
    return tuple(out)


@contextmanager
def consumed(
    an: Consuming, call: cst.Call, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]
) -> Iterator[None]:
    """Around the escapes of what ``call`` (of a function or a method of the module) gives it:
    first each partition the caller follows in a field an argument's launch inside consumes,
    checked (TC109) and consumed; then, the arguments given away, those partitions kept as
    consumed where their fields still hold them (a later launch with one raises)."""
    func, name = call.func, summary.name
    found = None
    if type(func) is cst.Name:
        found = an.ctx.function_for(func.value)
    elif type(func) is cst.Attribute and name.rpartition(".")[2] == func.attr.value:
        found = an.ctx.definition_for(name)  # (a method: its ``self`` is not among ``bound``)
    launches = an.ctx.index.fact(found[0], field_launches) if found is not None else ()
    done: list[tuple[str, int]] = []
    if found is not None and launches:
        positions = {name: i for i, name in enumerate(summary.names)}
        for param, attr, inner, _arg in launches:
            index = positions.get(param)
            if index is None or index not in bound or an.ctx.callee(inner.func).kernel is None:
                continue
            given = bound[index][0].value
            path = f"{given.value}.{attr}" if type(given) is cst.Name else ""
            held = an.env.get(path) if path else None
            partitions = an.kinds(held, Kind.PARTITION) if held else []
            if not partitions:
                continue
            with an.elsewhere(summary.statement, call):
                an.check_unconsumed(
                    partitions, inner if summary.statement is not None else call, None
                )
            an.consume_all(partitions, call)
            done += [(path, part) for part in partitions]
    kept = {part: an.holds[part] for _path, part in done if part in an.holds}
    yield
    for path, part in done:
        if part in kept and an.holds.get(part) is None and part in an.env.get(path, ()):
            an.set_hold(part, kept[part])


def _field_args(small: cst.CSTNode) -> Iterator[tuple[cst.Call, cst.Attribute]]:
    """Each call's argument ``name.attr`` in ``small``, outside the forms that may not run."""
    stack: list[cst.CSTNode] = [small]
    while stack:
        node = stack.pop()
        if isinstance(node, _SKIPPED):
            continue
        if type(node) is cst.Call:
            for arg in node.args:
                value = arg.value
                if type(value) is cst.Attribute and type(value.value) is cst.Name and not arg.star:
                    yield node, value
        stack.extend(reversed(children(node)))


def _named_otherwise(small: cst.CSTNode, params: set[str]) -> set[str]:
    """The parameters ``small`` names other than as ``p.attr`` read (a call of a method of
    ``p``, a store into its field, ``p`` itself given or bound)."""
    out: set[str] = set()
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None]] = [(small, None)]
    while stack:
        node, parent = stack.pop()
        if type(node) is cst.Name and node.value in params:
            name = node.value
            if type(parent) is not cst.Attribute or parent.value is not node:
                out.add(name)
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Attribute and type(func.value) is cst.Name:
                out.add(func.value.value)
        if type(node) in (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del):
            target = getattr(node, "target", None)
            for inner in _walk(target):
                if type(inner) is cst.Name and inner.value in params:
                    out.add(inner.value)
        stack.extend((child, node) for child in children(node))
    return out & params


def _rebound(index: SyntaxIndex, fn: cst.FunctionDef) -> set[str]:
    """Names the body binds anywhere (an assignment's, a loop's or ``with``'s target, a
    walrus, ``global``/``nonlocal``)."""
    out: set[str] = set()
    for node in index.nodes(fn.body):
        kind = type(node)
        if kind in (cst.AssignTarget, cst.For, cst.AugAssign, cst.AnnAssign):
            bound = cast(cst.AssignTarget | cst.For | cst.AugAssign | cst.AnnAssign, node)
            out |= _target_names(bound.target)
        elif kind is cst.NamedExpr:
            out |= _target_names(cast(cst.NamedExpr, node).target)
        elif kind is cst.AsName:
            out |= _target_names(cast(cst.AsName, node).name)
        elif kind is cst.Global or kind is cst.Nonlocal:
            out.update(item.name.value for item in cast(cst.Global | cst.Nonlocal, node).names)
    return out


def _target_names(target: cst.CSTNode) -> set[str]:
    """The names a target binds (not a field's or an item's root)."""
    if type(target) is cst.Name:
        return {target.value}
    if type(target) in (cst.Tuple, cst.List):
        out: set[str] = set()
        for element in cast(cst.Tuple | cst.List, target).elements:
            out |= _target_names(element.value)
        return out
    if type(target) is cst.StarredElement:
        return _target_names(target.value)
    return set()


def _walk(node: cst.CSTNode | None) -> Iterator[cst.CSTNode]:
    if node is None:
        return
    stack = [node]
    while stack:
        here = stack.pop()
        yield here
        stack.extend(children(here))
