"""What a function of the checked tree does with each parameter, read from its body once: escape
by reachability at a call (round 30O of issue 17); and an op it returns having run it.

A call to a summarized function used to give every op and Pending it passes to the callee as
to unknown code (``escape``: taken as run / waited there, its borrows no longer followed), so a
Pending the callee never waits stayed silent at the caller (``show(pending)`` then
``out.to_numpy()``), and so did a read the callee makes of another argument before it waits the
Pending it is given (``detokenize(logits, pending)`` reading ``logits`` first). Now the call
releases only what the callee reaches:

* ``untouched``: the body never names the parameter (but as a positional argument of
  ``print``, which formats it and keeps nothing): what the caller gives there stays the
  caller's, live, as if not passed;
* ``waited``: the body names it only in ``p.wait()`` / ``p.sync()`` statements (no arguments)
  at its top level, the first at ``top``: the call applies the uses the body makes in the
  statements before ``top`` while what it gives there is still in flight, then takes it as
  waited (``escape``), then the other uses.

Anything else (a nested function, a store, another call, a loop or branch around the wait,
``locals()``/``vars()``/``eval``/``exec`` anywhere) leaves the parameter as before: released
at the call. Only a plain function (no decorator, no ``async``, no ``yield``) is read: calling
it runs its body then and there."""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.host.made_views import Making
from tilecheck.host.messages import Use
from tilecheck.host.model import DONE, NOTHING, Hold, Kind, Oids, Runs, Value
from tilecheck.host.summary import Result, Summary, Target
from tilecheck.syntax.walk import children


class Calling(Making, Protocol):
    """What of the analysis (``tilecheck.host.call_sites.CallSites``) a call's roles use."""

    created_ops: dict[int, tuple[cst.CSTNode, int]]
    ran: set[int]
    maybe: int
    lazy: int
    element: Element | None

    def summary_uses(
        self,
        call: cst.Call,
        summary: Summary,
        receiver: str | None,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
        uses: frozenset[tuple[Target, Use]],
        used_at: tuple[tuple[Target, cst.CSTNode], ...],
    ) -> None: ...

    def escape(self, value: Value) -> None: ...

    def current_group(self) -> int | None: ...

    def site(self, call: cst.CSTNode) -> tuple[cst.CSTNode, int]: ...

    def site_of(self, oid: int) -> int: ...

    def set_hold(self, oid: int, hold: Hold | None) -> None: ...

    def set_taken(self, op: int, runs: Runs | None) -> None: ...


_WAITS = frozenset({"wait", "sync"})
_OPAQUE = frozenset({"locals", "vars", "eval", "exec"})
NO_ROLES: tuple[frozenset[int], tuple[tuple[int, int], ...]] = (frozenset(), ())


def _wait_of(stmt: cst.BaseStatement) -> str | None:
    """``p.wait()`` / ``p.sync()`` as a whole statement: ``p``."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    expr = stmt.body[0]
    if type(expr) is not cst.Expr or type(expr.value) is not cst.Call or expr.value.args:
        return None
    func = expr.value.func
    if type(func) is not cst.Attribute or func.attr.value not in _WAITS:
        return None
    return func.value.value if type(func.value) is cst.Name else None


def _mentions(stmt: cst.CSTNode, params: frozenset[str], named: set[str]) -> bool:
    """Add to ``named`` the parameters ``stmt`` names (an attribute's name and ``print``'s
    plain arguments aside); False where it reaches the frame by name (``locals()``)."""
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Name:
            value = node.value  # type: ignore[attr-defined]
            if value in params:
                named.add(value)
            elif value in _OPAQUE:
                return False
            continue
        if kind is cst.Attribute:
            stack.append(node.value)  # type: ignore[attr-defined]
            continue
        if kind is cst.Call:
            call: cst.Call = node  # type: ignore[assignment]
            if type(call.func) is cst.Name and call.func.value == "print":
                for arg in call.args:
                    if arg.keyword is None and not arg.star and type(arg.value) is cst.Name:
                        continue  # formatted, not kept
                    stack.append(arg)
                continue
        stack.extend(children(node))
    return True


def parameter_roles(
    fn: cst.FunctionDef, names: tuple[str, ...]
) -> tuple[frozenset[int], tuple[tuple[int, int], ...]]:
    """The parameters (by index) the body never names, and those it only waits at its top
    level, each with the index of the first statement that waits it."""
    if fn.decorators or fn.asynchronous is not None or not isinstance(fn.body, cst.IndentedBlock):
        return NO_ROLES
    params = frozenset(names)
    named: set[str] = set()
    waits: dict[str, int] = {}
    for top, stmt in enumerate(fn.body.body):
        waited = _wait_of(stmt)
        if waited is not None and waited in params:
            waits.setdefault(waited, top)
            continue
        if not _mentions(stmt, params, named):
            return NO_ROLES
    untouched = frozenset(i for i, name in enumerate(names) if name not in named | set(waits))
    waited_at = tuple(
        (i, waits[name]) for i, name in enumerate(names) if name in waits and name not in named
    )
    return untouched, waited_at


def nodes_before(fn: cst.FunctionDef, top: int) -> set[int]:
    """The ids of every node in the body's statements before ``top``."""
    out: set[int] = set()
    if not isinstance(fn.body, cst.IndentedBlock):
        return out
    stack: list[cst.CSTNode] = list(fn.body.body[:top])
    while stack:
        node = stack.pop()
        out.add(id(node))
        stack.extend(children(node))
    return out


def release_waited(
    an: Calling,
    call: cst.Call,
    summary: Summary,
    receiver: str | None,
    bound: dict[int, tuple[cst.Arg, Value]],
    tensors_of: dict[int, Oids],
) -> None:
    """At a call: the uses the callee makes before it waits what it is given (while that is
    still in flight), then what it waits, taken as waited (``escape``)."""
    before = summary.param_early
    an.summary_uses(call, summary, receiver, bound, tensors_of, before, summary.used_at)
    for index in summary.waited:
        if index in bound and index not in summary.consumes:
            an.escape(bound[index][1])


def ran_returned(
    an: Calling, call: cst.Call, summary: Summary, result: Result, index: int | str, label: str
) -> Value:
    """An op the function ran on every path before it returned it (``return op,
    op.submit()``, ``Result.ran``): run here already, at its runs inside (TC110 for another)."""
    if summary.statement is None:
        return NOTHING
    # (round 31E: an op a method stored in its receiver's field after running it, index the
    # attribute's name: the field holds an op already run)
    shown = label.format(summary.name) if not isinstance(index, str) else ""
    shown = shown or f"op stored in `.{index}` by `{summary.name}`"
    new = an.fresh(Kind.OP, call, shown, group=an.current_group(), key=("ran", call, index))
    an.created_ops[new] = an.site(call)
    an.ran.add(an.site_of(new))
    an.set_hold(new, Hold(DONE))
    if not an.maybe and not an.lazy:
        seq = an.element.seq if an.element is not None else 0
        an.set_taken(new, frozenset((seq, node, how, frozenset()) for node, how in result.ran))
    return frozenset({new})
