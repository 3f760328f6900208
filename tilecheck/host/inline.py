"""A method of the module's own classes run in place, on the caller's state (issue 17, round
18B): at ``obj.method(args)`` on an instance the caller follows, the method's body is
interpreted over its CFG by the caller's own analysis, ``self`` standing for ``obj`` (its
attribute paths and container items), each parameter bound to its argument (a name's paths
too), the caller's other objects, holders and must-facts carried through. What the body leaves
in ``self`` is ``obj``'s afterwards; its locals go as at a return. A summary says what a method
does to any receiver; this says what it does to this one, so a partition a method caches in an
attribute and a later call consumes again, or the item of a container attribute a parameter
selects, are followed.

Findings inside the body lie where the runtime raises (its module statement), labelled at the
call, as a summary's are. Only small, plain bodies run in place (no nested scope, ``super``,
``global``, generator or coroutine), at most ``_DEPTH`` calls deep and never recursively, and
only in a body analysed for its own findings (a summary stays what it is); every other call
is applied through its summary as before."""

from __future__ import annotations

import dataclasses
from typing import cast

import libcst as cst

from tilecheck.flow import build_cfg
from tilecheck.flow.cfg import CFG, Block, Element, ElementKind
from tilecheck.flow.dataflow import solve
from tilecheck.frozen import frozen
from tilecheck.host import gaps
from tilecheck.host.accessors import method_value
from tilecheck.host.bound_once import never_in
from tilecheck.host.called_bodies import (
    bound_constants as _bound_constants,
)
from tilecheck.host.called_bodies import (
    built as _built,
)
from tilecheck.host.called_bodies import (
    comprehends as _comprehends,
)
from tilecheck.host.called_bodies import (
    gives as _gives,
)
from tilecheck.host.called_bodies import (
    indexing as _indexing,
)
from tilecheck.host.called_bodies import (
    lazily as _lazily,
)
from tilecheck.host.called_bodies import (
    local_defs as _local_defs,
)
from tilecheck.host.called_bodies import (
    shape as _shape,
)
from tilecheck.host.called_bodies import (
    tested as _tested,
)
from tilecheck.host.classes import ClassInfo, self_name
from tilecheck.host.containers import root_of
from tilecheck.host.context import Context
from tilecheck.host.dunders import certain_method, receiver_path
from tilecheck.host.findings import Finding
from tilecheck.host.immediate import Immediate
from tilecheck.host.looped_runs import looped_reruns
from tilecheck.host.model import (
    NOTHING,
    Kind,
    Oids,
    State,
    Value,
    flatten,
)
from tilecheck.host.model import SPAN as _SPAN
from tilecheck.host.parameter_index import rebound
from tilecheck.host.parameter_runs import parameter_runs
from tilecheck.host.renamed_states import RETURN as _RETURN
from tilecheck.host.renamed_states import Outward as _Outward
from tilecheck.host.renamed_states import Renaming as _Renaming
from tilecheck.host.scope_constants import ScopeConstants
from tilecheck.host.scopes import declared_outer
from tilecheck.host.stateless_classes import plain_class, plain_method
from tilecheck.host.turn_order import innermost, loop_spans
from tilecheck.syntax.constants import const_int

_DEPTH = 2  # calls run in place inside one another, at most
_ELEMENTS = 60  # a body of more CFG elements is applied through its summary
_SCOPE = (
    "scope_node",
    "module_node",
    "me",
    "method_of",
    "parameters",
    "outer_names",
    "body_cfg",
    "loop_first",
    "element",
    "tick",
    "launch_scope",
)


@frozen
class _Running:
    """One call whose callee's body is being interpreted in place."""

    call: cst.Call
    fn: cst.FunctionDef
    statement: int | None  # the module statement the callee lies in (None: the caller's)
    site: int  # the copy of its CFG this call runs


class Inlined(Immediate):
    __slots__ = ("_copies", "_inside", "_loop_spans", "_returning", "_running", "_site_verdicts")

    def __init__(self, ctx: Context) -> None:
        Immediate.__init__(self, ctx)
        self._running: list[_Running] = []
        # (call, def) -> that call's copy of the def's CFG, its site, its loops' env keys
        self._copies: dict[tuple[int, int], tuple[CFG, int, frozenset[str]]] = {}
        # TC110/TC111 verdicts inside a body run in place, per call site: a finding when one
        # call's run of it is one on every visit
        self._site_verdicts: dict[tuple[str, int, cst.CSTNode], dict[int, Finding | None]] = {}
        self._inside: dict[cst.CSTNode, _Running] = {}  # a run recorded inside such a body
        self._returning = False  # the next ``escape`` is of a value a ``return`` gives back
        self._loop_spans: dict[int, list[tuple[int, int, cst.For | cst.While]]] = {}

    # -- the call ---------------------------------------------------------------------------
    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        if type(func) is cst.Attribute and certain_method(self, func.value, (func.attr.value,)):
            cls = self.receiver_class(cast(str, receiver_path(func.value)))
            read = method_value(self, expr, cls, func.attr.value, func.value, expr.args)
            if read is not None:  # (an accessor: ``accessors``)
                return read
        if (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and not self.summarizing
            and not self.summarized
            and not self.maybe
            and not self.lazy
            and len(self._running) < _DEPTH
            and self.element is not None
        ):
            found = self._callee(func.value.value, func.attr.value)
            if found is not None:
                value = self._run_in_place(expr, func.value.value, *found)
                if value is not None:
                    return value
        if (
            type(func) is cst.Attribute
            and not self.maybe
            and not self.lazy
            and len(self._running) < _DEPTH
            and self.element is not None
        ):
            method = self._stateless(func, expr)
            if method is not None:
                value = self._run_in_place(expr, "", *method, None, first=1)
                if value is not None:
                    return value
        elif (
            type(func) is cst.Name
            and not self.maybe
            and not self.lazy
            and len(self._running) < _DEPTH
            and self.element is not None
        ):
            called = self._function(func.value, expr)
            dropped = self.element.node
            if (
                called is not None
                and called[1] is not None
                and type(dropped) is cst.Expr
                and dropped.value is expr
                and self.ctx.index.fact(called[0], _gives)
            ):
                called = None  # what it gives dropped: its summary says so (TC108)
            if called is not None:
                value = self._run_in_place(expr, "", *called, None)
                if value is not None:
                    return value
        return Immediate._call(self, expr)

    def _function(self, name: str, call: cst.Call) -> tuple[cst.FunctionDef, int | None] | None:
        """The function ``name(...)`` runs, if its body may run in place here with its free
        names the caller's: a ``def`` of the body being analysed (a closure called at once;
        None: it lies in the caller's own statement), or from the module's own code, a
        function of the module."""
        if name in self.env or name in self.ctx.rebindable:
            return None
        if any(type(arg.value) is cst.Lambda for arg in call.args):
            return None  # (a callback it is given: the summary's ``capture_callbacks``)
        given = any(self._given_followed(arg.value) for arg in call.args)
        scope = self.scope_node
        found: tuple[cst.FunctionDef, int | None] | None = None
        if type(scope) is cst.FunctionDef:
            fn = self.ctx.index.fact(scope, _local_defs).get(name)
            found = (fn, None) if fn else None
        # a function of the module: from the module's code, or from a body given one of its
        # objects (nothing in flight: its own analysis or summary says what it does)
        if found is None and (
            (scope is None and self.holds and not self.summarized)
            or (type(scope) is cst.FunctionDef and given)
        ):
            found = self.ctx.function_for(name)
        elif found is None and scope is None and given and not self.summarized:
            # nothing in flight yet: what it does to what it is given, unless it gives a value
            found = self.ctx.function_for(name)
            if found is not None and self.ctx.index.fact(found[0], _gives):
                found = None
        if found is None or any(r.fn is found[0] for r in self._running):
            return None
        ok, own, named = self.ctx.index.fact(found[0], _shape)
        if self.ctx.index.fact(found[0], looped_reruns) or (
            call.args and self.ctx.index.fact(found[0], parameter_runs)
        ):
            return None  # (it runs an op, or calls a function, it is given: its summary's)
        if not ok or self.ctx.index.fact(found[0], _comprehends):
            return None
        if self.ctx.index.fact(found[0], _built) or not self._followable(found[0], call):
            return None
        # only where it reads a name of the caller's the caller follows, or is given one
        # (else its summary, or its own analysis, says as much)
        if not given and not any(n in self.env or n in self._based for n in named - own):
            return None
        return found

    def _stateless(
        self, func: cst.Attribute, call: cst.Call
    ) -> tuple[cst.FunctionDef, int | None] | None:
        """The method ``obj.name(...)`` or ``Cls().name(...)`` runs, where ``obj``'s class keeps
        nothing the analysis follows (no tensor in an attribute; ``Cls`` without ``__init__``)
        and an argument is an object the caller follows: it runs in place as a function of
        the module would, ``self`` an object of unknown attributes."""
        value = func.value
        if type(value) is cst.Name:
            cls = self.instances.get(value.value) if value.value != self.me else None
        elif type(value) is cst.Call and type(value.func) is cst.Name and not value.args:
            cls = value.func.value
        else:
            return None
        if cls is None or cls in self.env:
            return None
        found: tuple[cst.FunctionDef, int | None] | None = None
        if cls not in self.ctx.classes and (
            type(value) is not cst.Call or self.ctx.definition_for(f"{cls}.__init__") is None
        ):
            found = self.ctx.definition_for(f"{cls}.{func.attr.value}")
        if found is None:
            found = plain_method(self.ctx, self.scope_node, self.element, call, cls)
        if found is None or self_name(found[0]) is None:
            return None
        fn = found[0]
        if any(r.fn is fn for r in self._running) or not self.ctx.index.fact(fn, _shape)[0]:
            return None
        if self.scope_node is None and not self.holds and self.ctx.index.fact(fn, _gives):
            return None  # (nothing in flight: what it gives is its summary's, at the call)
        if self.ctx.index.fact(fn, _comprehends) or self.ctx.index.fact(fn, _built):
            return None
        if not any(self._given_followed(arg.value) for arg in call.args):
            return None
        if any(type(arg.value) is cst.Lambda for arg in call.args):
            return None
        if not self._followable(fn, call, 1):
            return None
        return found

    def made_class(self, receiver: cst.BaseExpression) -> str | None:
        """Also a class the module's code writes whose instances keep nothing: its summary
        applies at ``Stage().step(a)`` as a function's at ``step(a)``."""
        made = Immediate.made_class(self, receiver)
        if made is None and type(receiver) is cst.Call and type(receiver.func) is cst.Name:
            name = receiver.func.value
            return name if name not in self.env and plain_class(self.ctx, name) else None
        return made

    def _in_loop(self) -> bool:
        """Whether the call lies in a loop of the body analysed (its turns' windows and
        carried items are the summary's facts, applied at each turn)."""
        cfg, element = self.body_cfg, self.element
        if cfg is None or element is None or not cfg.loops:
            return False
        spans = self._loop_spans.get(id(cfg))
        if spans is None:
            spans = self._loop_spans[id(cfg)] = loop_spans(cfg)
        return innermost(spans, element.seq) is not None

    def _followable(self, fn: cst.FunctionDef, call: cst.Call, first: int = 0) -> bool:
        """Whether what ``fn`` does is decided by the objects it is given, not by the values
        of its other arguments (a branch testing a parameter as other than a holder that may
        be None, an item a parameter selects, a slice bound not known here): the summary
        follows those better, knowing the argument's literal and the index facts."""
        items, bounds = self.ctx.index.fact(fn, _indexing)
        if items or self.ctx.index.fact(fn, _tested) or (call.args and self._in_loop()):
            return False
        if not bounds:
            return True
        given = self._bind_arguments(call, fn, first)
        return given is not None and all(
            name in given and const_int(given[name].value, self.ctx.constants) is not None
            for name in bounds
        )

    def _given_followed(self, expr: cst.BaseExpression) -> bool:
        """Whether an argument names an object the caller follows (``bufs[i]``, ``t[0:8]``)."""
        while type(expr) in (cst.Attribute, cst.Subscript):
            expr = cast(cst.Attribute | cst.Subscript, expr).value
        if type(expr) is cst.Call:
            return any(self._given_followed(a.value) for a in expr.args)
        return type(expr) is cst.Name and (expr.value in self.env or expr.value in self._based)

    def _callee(self, owner: str, attr: str) -> tuple[cst.FunctionDef, int, ClassInfo] | None:
        """The method ``owner.attr(...)`` runs, if its body may run in place here."""
        if owner.startswith(" ") or (owner not in self.env and owner != self.me):
            return None
        # only where the caller follows what the receiver's attributes hold
        if not any(p in self.env and p != owner for p in self._under.get(owner, ())):
            return None
        cls = self.receiver_class(owner)
        info = self.ctx.classes.get(cls) if cls is not None else None
        if info is None or info.origin is not None or attr in info.properties:
            return None
        found = self.ctx.definition_for(f"{info.name}.{attr}")
        if found is None:
            return None
        fn, statement = found
        if any(r.fn is fn for r in self._running) or self_name(fn) is None:
            return None
        if not self._lazy(fn, info, 1) or not self.ctx.index.fact(fn, _shape)[0]:
            return None
        return fn, statement, info

    def _lazy(self, fn: cst.FunctionDef, info: ClassInfo, depth: int) -> bool:
        """Whether ``fn`` (or a method it calls on ``self``, ``depth`` calls down) makes an
        attribute on its first call only (``if self.plan is None: self.plan = ...``): what
        it leaves there depends on the receiver's state, which a summary does not know."""
        made, called = self.ctx.index.fact(fn, _lazily)
        if made:
            return True
        if depth >= _DEPTH:
            return False
        for name in called:
            found = self.ctx.definition_for(f"{info.name}.{name}")
            if found is not None and found[0] is not fn and self._lazy(found[0], info, depth + 1):
                return True
        return False

    def _bind_arguments(
        self, call: cst.Call, fn: cst.FunctionDef, first: int
    ) -> dict[str, cst.Arg] | None:
        """Each parameter from ``first`` on (after a method's ``self``) with the argument the
        call gives it; None where the call cannot be bound so (it raises, or passes ``*args``)."""
        if any(arg.star for arg in call.args):
            return None
        positional = [p.name.value for p in (*fn.params.posonly_params, *fn.params.params)][first:]
        keywords = {p.name.value for p in fn.params.params[first:]} | {
            p.name.value for p in fn.params.kwonly_params
        }
        given: dict[str, cst.Arg] = {}
        position = 0
        for arg in call.args:
            if arg.keyword is None:
                if position >= len(positional):
                    return None
                given[positional[position]] = arg
                position += 1
            elif arg.keyword.value in keywords and arg.keyword.value not in given:
                given[arg.keyword.value] = arg
            else:
                return None
        for param in _params(fn)[first:]:
            if param.name.value not in given and param.default is None:
                return None
        return given

    def _run_in_place(
        self,
        call: cst.Call,
        owner: str,
        fn: cst.FunctionDef,
        statement: int | None,
        info: ClassInfo | None,
        first: int = 0,
    ) -> Value | None:
        """``info``: the class of the method ``owner.fn(...)``; None: the function ``fn(...)``
        (``owner`` empty, no receiver; ``first``: 1 where it is a method, its ``self`` no
        object the analysis follows)."""
        given = self._bind_arguments(call, fn, 1 if info is not None else first)
        if given is None:
            return None
        me = self_name(fn) if info is not None else None
        # a name argument's paths are its parameter's (``fill(bufs)``), one name per root
        roots: dict[str, str] = {owner: me} if me is not None else {}
        body_binds = rebound(fn)
        for param, arg in given.items():
            name = arg.value.value if type(arg.value) is cst.Name else None
            if name is not None and (name in self._based or name in self.env):
                if name in roots:
                    return None
                if param not in body_binds:  # (one it rebinds is bound to its value)
                    roots[name] = param
        cfg, site, loops = self._copy(call, fn)
        if sum(len(b.elements) for b in cfg.blocks) > _ELEMENTS:
            return None
        values = {param: self.ev(arg.value) for param, arg in given.items()}
        caller = self.state()
        own = self.ctx.index.fact(fn, _shape)[1] | ({me} if me is not None else set())
        if self.scope_node is not None and statement is not None:
            # a function's names are not its callee's globals (but they are a closure's)
            scope = self.scope_node
            local = self.ctx.index.fact(scope, _shape)[1] if type(scope) is cst.FunctionDef else own
            own = own | (local & self.ctx.index.fact(fn, _shape)[2])
        inward = _Renaming(own, False, roots, me or "")
        saved = {name: getattr(self, name, None) for name in _SCOPE}
        made_here, made_before = set(self.made_here), len(self.infos)
        self._load(inward.state(caller))
        for key in self.env:
            root = root_of(key)
            if key != root:
                self._based.add(root)
                self._under.setdefault(root, set()).add(key)
        # (``self``: still the caller's; a method's own ``self`` is not)
        closure = info is None and statement is None and not first
        self.scope_node = fn
        self.module_node = None
        if not closure:
            self.me = me
            self.method_of = info
        self.parameters = frozenset(p.name.value for p in _params(fn)) - set(roots.values())
        self.outer_names = declared_outer(fn.body)
        self.body_cfg = cfg
        self.loop_first = cfg.loops
        self.launch_scope = None
        for param, value in values.items():
            if param not in roots.values():
                self.bind_name(param, value)
        running = _Running(call, fn, statement, site)
        self._running.append(running)
        constants = self.ctx.constants
        self.ctx.constants = _bound_constants(constants, fn, given, own)
        try:
            with self.elsewhere(statement, call):
                states = solve(cfg, self.state(), self.transfer, State.join)
        finally:
            self.ctx.constants = constants
            self._running.pop()
            for name, kept in saved.items():
                setattr(self, name, kept)
            self.made_here = made_here | set(range(made_before, len(self.infos)))
        end = states.get(cfg.exit)
        if end is None:  # it never returns
            self._load(caller)
            return NOTHING
        returned = end.env.get(_RETURN, NOTHING)
        outward = _Outward(own, roots, loops, owner)
        back = outward.state(end)
        self._load(back)
        self._maybe_dead.update(o for k, v in end.env.items() if k not in back.env for o in v)
        self._maybe_dead.update(returned)
        self.gc_needed = True
        return returned

    def _copy(self, call: cst.Call, fn: cst.FunctionDef) -> tuple[CFG, int, frozenset[str]]:
        """This call's copy of ``fn``'s CFG: its elements numbered apart from every other
        body's, inside the ``with`` items around the call."""
        key = (id(call), id(fn))
        found = self._copies.get(key)
        if found is None:
            site = len(self._copies) + 1
            never = never_in(
                self.ctx.flags, fn, self.ctx.literals, self.ctx.empty_fields, self.ctx.field_values
            )
            known = ScopeConstants(self.ctx, fn)
            base = build_cfg(fn.body.body, never, self.ctx.filled, None, known)
            withs = self.element.withs if self.element is not None else ()
            offset = site * _SPAN

            def moved(e: Element) -> Element:
                return e._replace(seq=e.seq + offset, withs=withs + e.withs)

            blocks = [
                Block(b.index, [moved(e) for e in b.elements], list(b.succs)) for b in base.blocks
            ]
            starts = {k: v + offset for k, v in base.loops.items()}
            cfg = CFG(
                blocks, base.entry, base.exit, base.raise_exit, base.nested, starts, base.unrolled
            )
            loops = [
                cast(cst.For, e.node)
                for b in blocks
                for e in b.elements
                if e.kind is ElementKind.FOR_TARGET
            ]
            self.note_loops([loop for loop in loops if id(loop.iter) not in self._loops])
            keys = {self._loops[id(loop.iter)] for loop in loops}
            taken = frozenset(keys | {k + " taken" for k in keys})
            found = self._copies[key] = (cfg, site, taken)
        return found

    def transfer(self, block: Block, state: State) -> State | None:
        """One block of a body (``BodyAnalysis``'s)."""
        raise NotImplementedError

    # -- elements of a body run in place ----------------------------------------------------
    def note_return(self, value: Value, *, waiting: bool = False) -> None:
        """A ``return`` of a body run in place: what it gives is the call's value, kept (not
        given away) until the caller's expression takes it."""
        if not self._running:
            Immediate.note_return(self, value, waiting=waiting)
            return
        returned = flatten(value)
        if returned and not waiting:
            self.set_env(_RETURN, self.env.get(_RETURN, NOTHING) | returned)
        self._returning = True

    def escape(self, value: Value) -> None:
        if self._returning:
            self._returning = False  # the value returned goes to the caller, not away
            return
        if gaps.RECORDING:  # (``--show-gaps``: where the analysis gives up on an object)
            gaps.escaped(self, value)
        Immediate.escape(self, value)

    def close_over(self, oids: Oids) -> None:
        if gaps.RECORDING:
            gaps.captured(self, oids)
        Immediate.close_over(self, oids)

    def leave_early(self, node: cst.Return) -> None:
        if not self._running:  # the caller's names live on past this ``return``
            Immediate.leave_early(self, node)

    def fresh(
        self,
        kind: Kind,
        site: cst.CSTNode,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
        key: object = None,
    ) -> int:
        oid = Immediate.fresh(self, kind, site, label, group=group, rank=rank, key=key)
        statement = self._running[-1].statement if self._running else None
        if statement is not None:
            # an op or Pending the body made: its TC105/TC108 lie in the body
            self.made_elsewhere.setdefault(oid, statement)
        return oid

    def report(self, key: object, finding: Finding, top: int | None = None) -> None:
        running = self._running[-1] if self._running else None
        if (
            running is not None
            and running.statement is not None
            and self._statement is None
            and finding.statement is None
        ):
            labels = (*finding.labels, (running.call, "in the function this call runs"))
            finding = dataclasses.replace(finding, statement=running.statement, labels=labels)
        Immediate.report(self, key, finding, top)

    def took(self, op: int, node: cst.CSTNode, how: str) -> None:
        if self._running and self._running[-1].statement is not None:
            self._inside.setdefault(node, self._running[-1])
        Immediate.took(self, op, node, how)

    def verdict(self, code: str, node: cst.CSTNode, finding: Finding | None) -> None:
        if not self._running:
            Immediate.verdict(self, code, node, finding)
            return
        running = self._running[-1]
        if finding is not None and running.statement is not None:
            labels = (*finding.labels, (running.call, "in the function this call runs"))
            finding = dataclasses.replace(finding, statement=running.statement, labels=labels)
        seq = self.element.seq if self.element is not None else -1
        self._site_verdicts.setdefault((code, running.site, node), {})[seq] = finding

    def relocated(self, finding: Finding) -> Finding:
        running = self._inside.get(finding.node)
        if running is not None and finding.statement is None:
            labels = (*finding.labels, (running.call, "in the function this call runs"))
            return dataclasses.replace(finding, statement=running.statement, labels=labels)
        return Immediate.relocated(self, finding)

    def findings(self) -> list[Finding]:
        for (code, site, node), verdicts in sorted(
            self._site_verdicts.items(), key=lambda kv: (kv[0][1], min(kv[1]))
        ):
            kept = [f for f in verdicts.values() if f is not None]
            if len(kept) == len(verdicts) and kept:
                self.sink.add((code, node), (min(verdicts), site), kept[0])
        return Immediate.findings(self)


def _params(fn: cst.FunctionDef) -> list[cst.Param]:
    return [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]
