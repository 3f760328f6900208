"""What a call to one of the checked module's functions does, in terms of its parameters
(``tilecheck.host.summaries`` makes and applies these)."""

from __future__ import annotations

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.findings import Finding
from tilecheck.host.indices import Axis
from tilecheck.host.messages import Use
from tilecheck.host.model import Kind

# What a tensor of the callee is to its caller: ("param", position), ("attr", attribute of
# ``self``), or ("new", n): a tensor the call makes.
Target = tuple[str, int | str]
# A test on the way to a may-effect that a call's values can decide (``may_effects``):
# (parameter index, field or None, whether it must be true, the parameter's default truth,
# whether it is ``p is None``); each may-refusal: what, where, that function's statement, and
# the decidable tests on its way.
Condition = tuple[int, str | None, bool, bool | None, bool]
MayRefusal = tuple[str, cst.CSTNode, int | None, tuple[Condition, ...]]


@frozen
class Result:
    """One returned value: an op or a Pending with its borrows, a tensor (``kind`` TENSOR,
    ``targets`` what it may be), or nothing the analysis tracks (``kind`` None)."""

    kind: Kind | None
    targets: frozenset[tuple[Target, bool]] = frozenset()  # with "exclusive", for borrows
    ordered: bool = False  # an op or Pending later launches may read after (``Hold.ordered``)
    # An op: the kernel calls in the function that made it (where the runtime says it was
    # created); a Pending: the submits; empty when it may be one the caller gave.
    sites: frozenset[cst.CSTNode] = frozenset()
    # A list of them, made one per item (``return [k(d.partition(s)).submit() for d in ds]``):
    # the caller holds a container, its items waited one by one.
    many: bool = False
    # A Pending held by a returned closure that waits it when called (``return lambda:
    # pend.wait()``): the caller's call of what it got waits it.
    called_waits: bool = False
    # An instance (``kind`` INSTANCE) of the module's class ``cls`` made in the function, with
    # what its construction kept as given, by attribute (``tilecheck.host.object_graphs``).
    cls: str | None = None
    fields: tuple[tuple[str, Result], ...] = ()
    # An op it ran (or handed on) on every path before returning it (``return op,
    # op.submit()``): where and how, in the caller's module (round 30O): a second run is TC110.
    ran: tuple[tuple[cst.CSTNode, str], ...] = ()

    def join(self, other: Result) -> Result:
        if self.kind is not other.kind or self.many != other.many or self.ran != other.ran:
            return NO_RESULT
        if self.called_waits != other.called_waits:
            return NO_RESULT
        if self.cls != other.cls or self.fields != other.fields:
            return NO_RESULT
        sites = self.sites | other.sites if self.sites and other.sites else frozenset()
        return Result(
            self.kind,
            self.targets | other.targets,
            self.ordered and other.ordered,
            sites,
            self.many,
            self.called_waits,
            ran=self.ran,
        )


NO_RESULT = Result(None)


@frozen
class Summary:
    name: str
    names: tuple[str, ...]  # every parameter; the first ``positional`` may be passed by position
    positional: int
    uses: frozenset[tuple[Target, Use]]  # host uses of its parameters and attributes
    consumes: frozenset[int]  # the partition parameters it consumes
    # (written, other, the other's argument in that launch, the body statement holding it):
    # parameters one launch writes through a partition and also takes
    distinct: frozenset[tuple[int, int, cst.CSTNode, int]] = frozenset()
    # What it returns: one value (``arity`` None) or a tuple of ``arity`` items, each joined
    # over its ``return`` statements; None: not one shape, or nothing tracked.
    arity: int | None = None
    returns: tuple[Result, ...] = ()
    # A method's effects on its receiver: attributes whose op or Pending it waits for, and
    # what it leaves in the attributes it sets.
    releases: frozenset[str] = frozenset()
    stores: tuple[tuple[str, Result], ...] = ()
    # The module statement the function lies in, when it is the caller's module's (its nodes
    # can be shown there); None for a function of another module.
    statement: int | None = None
    # TC110 inside it for an op given as a parameter (by position): reported where a call
    # certainly gives it an op.
    reruns: tuple[tuple[int, Finding], ...] = ()
    # The attributes of its receiver a method names (``tilecheck.host.reach``); None: any.
    reaches: frozenset[str] | None = frozenset()
    # What it does on every call that a graph capture refuses (``tr.zeros(...)` allocates``).
    refusals: frozenset[str] = frozenset()
    # (parameter, position): it calls that parameter, on every call, with an op it makes at
    # that position (``run(k(...))``): a callback given there may run it (``callbacks``).
    runs_callbacks: frozenset[tuple[int, int]] = frozenset()
    # Targets reached from others (``tilecheck.host.receivers``): a view (its target, the
    # target it views, its constant region; None: all of it).
    views: tuple[tuple[Target, Target, tuple[Axis | None, ...] | None], ...] = ()
    # Where the runtime refuses what a call certainly does (reported there, inside it): the
    # one node that uses a target on the host on every call, and the launch argument that
    # consumes a partition parameter on every call.
    used_at: tuple[tuple[Target, cst.CSTNode], ...] = ()
    consumed_at: tuple[tuple[int, cst.CSTNode], ...] = ()
    # A method's runs of what its receiver's attributes held on the way in, on every call
    # (``self.op.sync()`` in a line every call runs): (attribute, how), for TC110 across calls.
    runs: tuple[tuple[str, str], ...] = ()
    # The partitions its receiver's attributes held on the way in that it consumes on every
    # path (a launch with ``self.tiles``), for TC109 across calls.
    consumes_attributes: frozenset[str] = frozenset()
    # TC108 inside it: ``g.launch()`` as a statement on a parameter ``g`` (by position) drops
    # the launch's Pending; reported where a call certainly gives it an open graph.
    launches_dropped: tuple[tuple[int, Finding], ...] = ()
    # Where each of ``refusals`` is made (TC111 there when a call inside a capture runs it).
    refused_at: tuple[tuple[str, cst.CSTNode], ...] = ()
    # What it may do that a capture refuses, on some path: (what, where, the tests on the way
    # a call's values decide), ``tilecheck.host.may_effects`` (round 31G).
    may_refused_at: tuple[MayRefusal, ...] = ()
    # Where each of ``runs`` and ``consumes_attributes`` is, at one node (TC110, TC109 of a
    # second call are reported there, inside the method, as the runtime raises there).
    run_at: tuple[tuple[str, cst.CSTNode], ...] = ()
    attribute_consumed_at: tuple[tuple[str, cst.CSTNode], ...] = ()
    # (parameter, flag, constant): given that constant for the flag, it names the parameter
    # nowhere it can run (``tilecheck.host.constant_paths``): the call leaves that argument
    # alone; and the flags' constant defaults.
    skips: frozenset[tuple[int, int, bool | None]] = frozenset()
    defaults: tuple[tuple[int, bool | None], ...] = ()
    # The uses of ``uses`` (of its receiver's attributes) it makes before any of ``releases``
    # on some path (``print(self.buf)`` before ``super().finish()`` waits): applied before
    # the releases, the others after them.
    early: frozenset[tuple[Target, Use]] = frozenset()
    early_at: tuple[tuple[Target, cst.CSTNode], ...] = ()  # as ``used_at``, of ``early``
    # The holders a method appends to lists in its receiver's attributes it names only so
    # (``self.inflight.append(op.submit())``, ``tilecheck.host.attribute_lists``), by attribute.
    appends: tuple[tuple[str, Result], ...] = ()
    # Those of them whose front it trims, waiting what it takes: what the list held before the
    # call may be waited by it (``tilecheck.host.trimmed_attributes``).
    trims: frozenset[str] = frozenset()
    # The list attributes a method leaves holding a display of ops of known length
    # (``self.ops = [k(...)]``), item by item (``tilecheck.host.attribute_items``).
    kept_ops: tuple[tuple[str, tuple[Result, ...]], ...] = ()
    # (parameter, capture): it calls that parameter inside that graph capture of its own, on
    # every call (``tilecheck.host.capture_callbacks``): a function given there runs inside it.
    calls_in_capture: tuple[tuple[int, cst.BaseExpression], ...] = ()
    # (parameter, test, kernel call): an op it makes on every call and runs only where the
    # test of that parameter holds (``tilecheck.host.gated_ops``): TC105 for a call that
    # certainly gives a value making it false.
    gated: tuple[tuple[int, cst.BaseExpression, cst.Call], ...] = ()
    # (parameter, how, node): it runs the op given for that parameter (``op.sync()``,
    # ``await op``) at that node, in a line every call runs: a second call with the same op
    # is TC110 there (``tilecheck.host.immediate``).
    param_runs: tuple[tuple[int, str, cst.CSTNode], ...] = ()
    # A ``@contextmanager`` function whose body ends in its only ``yield``: what it returns is
    # that yield's value, what ``with f(...) as x`` binds (``tilecheck.host.coroutines``).
    yielded: bool = False
    # A ``@staticmethod``: called through an instance or its class (``self.plan(t)``,
    # ``Engine.plan(t)``), it is given no receiver.
    static: bool = False
    # As ``distinct``, where one of the two is an attribute of its receiver's (``add(self.out
    # .partition(s), x)``: the caller giving ``x`` its ``r.out`` is TC101 at that launch).
    distinct_attributes: frozenset[tuple[Target, Target, cst.CSTNode, int]] = frozenset()
    # The targets ``used_at`` leaves out for using them at several nodes, each in a line every
    # call runs: their uses in the order made (a conflict is reported at the first it breaks).
    use_order: tuple[tuple[Target, tuple[tuple[Use, cst.CSTNode], ...]], ...] = ()
    # A function's runs of the module's ops (globals bound once to a launch) on every call:
    # (name, how, the run's node), for TC110 across module-level calls (round 27G).
    global_runs: tuple[tuple[str, str, cst.CSTNode], ...] = ()
    # Its effects on the module's other globals (round 28G, ``tilecheck.host.global_effects``):
    # the names whose op, Pending or graph it may run, wait or rebind (released at the call),
    # and what it leaves in the names it declares ``global`` and binds once on every call.
    global_releases: frozenset[str] = frozenset()
    global_stores: tuple[tuple[str, Result], ...] = ()
    # The partitions of class bodies (``C.x``, ``self.x``: ``tilecheck.host.class_bodies``) one
    # launch of it consumes on every path, with that launch's argument (TC109 of a second call).
    global_consumes: tuple[tuple[str, cst.CSTNode], ...] = ()
    # What the call releases of what it gives (round 30O, ``tilecheck.host.param_roles``): the
    # parameters the body never names (kept by the caller, live), those it only waits at its
    # top level (released after ``param_early``: the uses made in the statements before).
    untouched: frozenset[int] = frozenset()
    waited: frozenset[int] = frozenset()
    param_early: frozenset[tuple[Target, Use]] = frozenset()
    # A dict display returned on every path, by its constant keys (``returns`` in order):
    # the caller keeps its items as cells by those keys (round 30H).
    keys: tuple[str, ...] | None = None
    # Of ``reruns``, those in a loop over ``range(n)`` of a parameter ``n``: (the rerun's node,
    # n's position, its constant default): a call giving or leaving a constant below two runs
    # the loop's body once (round 35R, ``tilecheck.host.looped_runs``).
    rerun_bounds: tuple[tuple[cst.CSTNode, int, int | None], ...] = ()
    # Of ``param_runs``, those reached only through a loop over ``range(n)`` of parameters:
    # (the run's node, each such ``n``'s position, constant default and least value for a first
    # turn): a call runs it only when each is given, or left at, a constant of at least that
    # (round 37S, ``tilecheck.host.reached_runs``).
    run_bounds: tuple[tuple[cst.CSTNode, tuple[tuple[int, int | None, int], ...]], ...] = ()
    # It has ``*args`` or ``**kw`` (``names`` are the others): what a call gives beyond its
    # named parameters goes there, not followed (round 37S, ``tilecheck.host.bound_args``).
    variadic: bool = False
    star: int | None = None  # the index of its ``*args`` in ``names``: the extra positionals
    # Of ``param_runs``, those inside a function it hands the op to (a helper calling a
    # helper): the module statement that function lies in (round 37S).
    run_statements: tuple[tuple[cst.CSTNode, int], ...] = ()


def join_returns(
    shapes: list[tuple[int | tuple[str, ...] | None, tuple[Result, ...]]],
) -> tuple[int | tuple[str, ...] | None, tuple[Result, ...]]:
    """The shape of every ``return``: one arity for all, items joined; else nothing."""
    if not shapes or len({arity for arity, _ in shapes}) != 1:
        return None, ()
    arity, first = shapes[0]
    items = list(first)
    for _, results in shapes[1:]:
        items = [a.join(b) for a, b in zip(items, results, strict=True)]
    return arity, tuple(items)


def parameters(fn: cst.FunctionDef) -> tuple[tuple[str, ...], int] | None:
    """Every parameter's name, and how many may be passed by position; None when
    ``*args``/``**kwargs`` hide them."""
    params = fn.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
        return None
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    return (*positional, *(p.name.value for p in params.kwonly_params)), len(positional)


def variadic_parameters(fn: cst.FunctionDef) -> tuple[tuple[str, ...], int] | None:
    """As ``parameters``, of a function with ``*args`` or ``**kw`` (round 37S): its named
    parameters, then ``*args`` (``Summary.star``); what a call gives beyond the named ones goes
    to those (``Summary.variadic``)."""
    params = fn.params
    if not isinstance(params.star_arg, cst.Param) and params.star_kwarg is None:
        return None
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    star = (params.star_arg.name.value,) if isinstance(params.star_arg, cst.Param) else ()
    keywords = (p.name.value for p in params.kwonly_params)
    return (*positional, *keywords, *star), len(positional)


def private_tensors(summary: Summary, result: Result) -> frozenset[Target]:
    """The tensors the call makes (``("new", n)`` targets) that only ``result`` gives out:
    no other returned item, stored attribute, append or kept op names them, and none is a
    view (round 21G)."""
    new = frozenset(t for t, _ in result.targets if t[0] == "new")
    if not new:
        return new
    others: list[Result] = [r for r in summary.returns if r is not result]
    others += [r for _, r in summary.stores if r is not result]
    others += [r for _, r in summary.appends if r is not result]
    others += [r for _, rs in summary.kept_ops for r in rs if r is not result]
    seen: set[Target] = {t for view in summary.views for t in view[:2]}
    while others:
        other = others.pop()
        seen |= {t for t, _ in other.targets}
        others += [r for _, r in other.fields]
    seen |= {t for _, r in result.fields for t, _ in r.targets}
    return new - seen


def single_attribute(result: Result) -> str | None:
    """The attribute a stored tensor was on the way in (a swap's source), if one."""
    if result.kind is not Kind.TENSOR or len(result.targets) != 1:
        return None
    ((kind, which), _), *_ = result.targets
    return str(which) if kind == "attr" else None
