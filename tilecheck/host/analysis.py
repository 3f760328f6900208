"""The flow-sensitive ownership analysis of one body (a function's, a lambda's, a class's or the
module's): an abstract interpreter of tilert's host API over the body's CFG.

Each element of the CFG is interpreted against a ``State``; expressions are walked once per
visit, in evaluation order. Only names bound to tilert values are tracked. Findings are recorded
as they are met (states only grow while the solver iterates, so a finding met on the way is
also true of the fixed point) and deduplicated by root cause."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import libcst as cst

from tilecheck.flow.cfg import CFG, Block, Element, ElementKind
from tilecheck.flow.dataflow import solve
from tilecheck.host import api, messages
from tilecheck.host.findings import Finding, FindingSink, Part
from tilecheck.host.launch import LaunchSignature, bind
from tilecheck.host.messages import Use
from tilecheck.host.model import (
    CONSUMED,
    DONE,
    EMPTY_STATE,
    HANDED,
    LIVE,
    NOTHING,
    Borrow,
    Hold,
    Kind,
    ObjInfo,
    Oids,
    Packed,
    State,
    Value,
    flatten,
    referenced,
)
from tilecheck.host.shapes import shape_dims, tile_shape_problem
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import NameResolver


@dataclass(frozen=True)
class Callee:
    """What a called name is, as far as the module's imports and definitions tell."""

    kernel: LaunchSignature | None = None
    canonical: str | None = None


NO_CALLEE = Callee()


@dataclass
class Context:
    """What every body of one module shares: name resolution, the kernels it can call, its
    integer constants, and a cache of callee lookups."""

    resolver: NameResolver
    kernel_for: Callable[[str], LaunchSignature | None]  # dotted callee as written -> kernel
    constants: Mapping[str, int] = field(default_factory=dict)
    _callees: dict[int, Callee] = field(default_factory=dict)

    def callee(self, func: cst.BaseExpression) -> Callee:
        cached = self._callees.get(id(func))
        if cached is not None:
            return cached
        found = NO_CALLEE
        dotted = api.dotted_name(func)
        if dotted is not None:
            kernel = self.kernel_for(dotted)
            found = (
                Callee(kernel=kernel) if kernel else Callee(canonical=self.resolver.resolve(dotted))
            )
        self._callees[id(func)] = found
        return found


_LITERALS = frozenset({cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis})
_SKIP_FIELDS = (
    "whitespace",
    "lpar",
    "rpar",
    "comma",
    "lbracket",
    "rbracket",
    "lbrace",
    "rbrace",
    "colon",
    "equal",
    "operator",
    "star",
    "dot",
    "semicolon",
    "walrus",
    "asynchronous",
    "header",
    "footer",
    "newline",
)
_FIELDS: dict[type[cst.CSTNode], tuple[str, ...]] = {}


def _child_fields(cls: type[cst.CSTNode]) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if not any(f.name.startswith(s) or f.name.endswith(s) for s in _SKIP_FIELDS)
        )
        _FIELDS[cls] = names
    return names


_OTHER, _EXPRESSION, _NODE, _SEQUENCE = range(4)
_TYPE_KINDS: dict[type, int] = {}


def _type_kind(cls: type) -> int:
    """What a field value of this type is; memoized, as libcst's node classes are ABCs and
    ``isinstance`` against them is slow."""
    kind = _TYPE_KINDS.get(cls)
    if kind is None:
        if cls is tuple or cls is list:
            kind = _SEQUENCE
        elif issubclass(cls, cst.BaseExpression):
            kind = _EXPRESSION
        elif issubclass(cls, cst.CSTNode):
            kind = _NODE
        else:
            kind = _OTHER
        _TYPE_KINDS[cls] = kind
    return kind


def _children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        kind = _type_kind(type(value))
        if kind == _SEQUENCE:
            for item in value:
                if _type_kind(type(item)) in (_EXPRESSION, _NODE):
                    yield item
        elif kind != _OTHER:
            yield value


def _target_names(target: cst.CSTNode) -> Iterator[str]:
    """Names an assignment target, a pattern or a comprehension target binds."""
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _target_names(target.value)
    elif isinstance(target, (cst.MatchAs, cst.MatchStar)):
        if target.name is not None:
            yield target.name.value
        if isinstance(target, cst.MatchAs) and target.pattern is not None:
            yield from _target_names(target.pattern)
    elif isinstance(target, cst.MatchPattern):
        for child in _children(target):
            yield from _target_names(child)
    elif isinstance(
        target,
        (cst.MatchMappingElement, cst.MatchKeywordElement, cst.MatchOrElement),
    ):
        yield from _target_names(target.pattern)
    elif isinstance(target, cst.MatchSequenceElement):
        yield from _target_names(target.value)


def _display(expr: cst.BaseExpression) -> str:
    return api.dotted_name(expr) or "the tensor"


def _names_in(node: cst.CSTNode, wanted: Mapping[str, Oids]) -> Iterator[str]:
    if isinstance(node, cst.Name):
        if node.value in wanted:
            yield node.value
        return
    for child in _children(node):
        yield from _names_in(child, wanted)


class BodyAnalysis:
    """One body's analysis. ``run_*`` solve it; ``findings()`` gives what was found."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.infos: list[ObjInfo] = []
        self._oid_of: dict[tuple[Kind, object], int] = {}
        self.created_ops: dict[int, tuple[cst.CSTNode, int]] = {}  # op -> (site, statement)
        self.created_pendings: dict[int, tuple[cst.CSTNode, int]] = {}
        self.ran: set[int] = set()  # ops run, handed on or escaped, on some path
        self.waited: set[int] = set()  # pendings waited on or escaped, on some path
        self.sink = FindingSink()
        self.lambdas: list[tuple[cst.Lambda, int]] = []  # with the body statement each is in
        self._made: set[int] = set()  # objects ``fresh`` has made at least once
        self._summary: dict[int, int] = {}  # a site's object -> its summary object
        self.primary: dict[int, int] = {}  # a summary object -> its site's object
        self.env: Mapping[str, Oids] = {}
        self.holds: Mapping[int, Hold] = {}
        self._own_env = False
        self._own_holds = False
        self.element: Element | None = None
        self.tick = 0
        self.launch_scope: set[int] | None = None
        self.gc_needed = False
        self._expr: dict[type[cst.CSTNode], Callable[[Any], Value]] = {
            cst.Name: self._name,
            cst.Attribute: self._attribute,
            cst.Call: self._call,
            cst.Await: self._await,
            cst.Tuple: self._sequence,
            cst.List: self._sequence,
            cst.Set: self._container,
            cst.Dict: self._container,
            cst.ListComp: self._comprehension,
            cst.SetComp: self._comprehension,
            cst.GeneratorExp: self._comprehension,
            cst.DictComp: self._comprehension,
            cst.Lambda: self._lambda,
            cst.IfExp: self._if_exp,
            cst.BooleanOperation: self._boolean,
            cst.NamedExpr: self._named,
            cst.Yield: self._yield,
            cst.BinaryOperation: self._spine,
            cst.ConcatenatedString: self._strings,
        }

    # -- driving ----------------------------------------------------------------------------
    def run_body(self, cfg: CFG, initial: State = EMPTY_STATE) -> None:
        solve(cfg, initial, self.transfer, State.join)

    def run_function(self, fn: cst.FunctionDef, cfg: CFG) -> None:
        self.run_body(cfg, self._parameters(fn.params))

    def run_lambda(self, fn: cst.Lambda) -> None:
        self._load(self._parameters(fn.params))
        self.element = Element(ElementKind.RETURN, fn.body, (), 0, 0)
        self.escape(self.ev(fn.body))

    def findings(self) -> list[Finding]:
        """What was found, TC105 and TC108 included (known only once every path was seen)."""
        for op, (site, top) in self.created_ops.items():
            if op not in self.ran:
                finding = messages.never_run(site, self.infos[op])
                self.sink.add(("TC105", op), (-1, op), dataclasses.replace(finding, top=top))
        for pending, (site, top) in self.created_pendings.items():
            if pending not in self.waited:
                finding = messages.never_waited(site)
                self.sink.add(
                    ("TC108", pending), (-1, pending), dataclasses.replace(finding, top=top)
                )
        return self.sink.findings()

    def _parameters(self, params: cst.Parameters) -> State:
        env: dict[str, Oids] = {}
        holds: dict[int, Hold] = {}
        everything = (*params.posonly_params, *params.params, *params.kwonly_params)
        for param in everything:
            if param.annotation is None:
                continue
            annotation = param.annotation.annotation
            if isinstance(annotation, cst.Subscript):
                annotation = annotation.value
            dotted = api.dotted_name(annotation)
            canonical = self.ctx.resolver.resolve(dotted) if dotted else None
            name = param.name.value
            if canonical == api.TENSOR_TYPE:
                env[name] = frozenset({self.obj(Kind.TENSOR, ("param", name), None, f"`{name}`")})
            elif canonical == api.PARTITION_TYPE:
                tensor = self.obj(Kind.TENSOR, ("param-tensor", name), None, f"`{name}.tensor`")
                part = self.obj(Kind.PARTITION, ("param", name), None, f"`{name}`")
                holds[part] = Hold(LIVE, frozenset({Borrow(tensor, True)}))
                env[name] = frozenset({part})
        return State(env, holds)

    # -- state ------------------------------------------------------------------------------
    def _load(self, state: State) -> None:
        self.env, self.holds = state.env, state.holds
        self._own_env = self._own_holds = False

    def transfer(self, block: Block, state: State) -> State:
        self._load(state)
        for element in block.elements:
            self.element = element
            self.tick = 0
            self.run_element(element)
            if self.gc_needed:
                self.collect()
        if not self._own_env and not self._own_holds:
            return state
        return State(self.env, self.holds)

    def set_env(self, name: str, oids: Oids | None) -> None:
        if not self._own_env:
            self.env = dict(self.env)
            self._own_env = True
        env = self.env
        assert isinstance(env, dict)
        if oids is None:
            env.pop(name, None)
        else:
            env[name] = oids
        self.gc_needed = True

    def set_hold(self, oid: int, hold: Hold | None) -> None:
        if not self._own_holds:
            self.holds = dict(self.holds)
            self._own_holds = True
        holds = self.holds
        assert isinstance(holds, dict)
        if hold is None:
            holds.pop(oid, None)
        else:
            holds[oid] = hold
        self.gc_needed = True

    def collect(self) -> None:
        """Drop what no name refers to any more, as CPython would: an unconsumed partition,
        an unrun op, an unwaited pending or an open graph releases its borrows when dropped."""
        self.gc_needed = False
        if not self.holds:
            return
        refs = referenced(self.env)
        for oid in [o for o in self.holds if o not in refs]:
            self.set_hold(oid, None)
        self.gc_needed = False

    def obj(
        self,
        kind: Kind,
        key: object,
        site: cst.CSTNode | None,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
    ) -> int:
        """The object id of the abstract object made at ``key`` (a site or a name)."""
        oid = self._oid_of.get((kind, key))
        if oid is None:
            oid = len(self.infos)
            self.infos.append(ObjInfo(oid, kind, site, label, group, rank))
            self._oid_of[(kind, key)] = oid
        return oid

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
        """A new object made at ``site`` (recency abstraction: the object this site made
        before, if the state still has it, becomes the site's summary object, so a loop's
        new tensor or op is never confused with the previous iteration's)."""
        oid = self.obj(kind, site if key is None else key, site, label, group=group, rank=rank)
        if oid in self._made:
            self.retire(oid)
        else:
            self._made.add(oid)
        return oid

    def retire(self, oid: int) -> None:
        summary = self._summary.get(oid)
        if summary is None:
            summary = len(self.infos)
            self.infos.append(dataclasses.replace(self.infos[oid], oid=summary))
            self._summary[oid] = summary
            self.primary[summary] = oid
        for name, oids in list(self.env.items()):
            if oid in oids:
                self.set_env(name, (oids - {oid}) | {summary})
        for holder, hold in list(self.holds.items()):
            if any(b.tensor == oid for b in hold.borrows):
                borrows = frozenset(
                    Borrow(summary, b.exclusive) if b.tensor == oid else b for b in hold.borrows
                )
                self.set_hold(holder, dataclasses.replace(hold, borrows=borrows))
        current = self.holds.get(oid)
        if current is not None:
            older = self.holds.get(summary)
            self.set_hold(summary, current if older is None else older.join(current))
            self.set_hold(oid, None)

    def site_of(self, oid: int) -> int:
        """The object made at the same site as ``oid`` (itself, unless a summary)."""
        return self.primary.get(oid, oid)

    def is_live(self, oid: int) -> bool:
        hold = self.holds.get(oid)
        return hold is not None and hold.live

    def kinds(self, oids: Oids, kind: Kind) -> list[int]:
        return [o for o in oids if self.infos[o].kind is kind]

    def order(self) -> tuple[int, int]:
        self.tick += 1
        return (self.element.seq if self.element else 0, self.tick)

    def report(self, key: object, finding: Finding) -> None:
        top = self.element.top if self.element is not None else 0
        self.sink.add(key, self.order(), dataclasses.replace(finding, top=top))

    def site(self, call: cst.CSTNode) -> tuple[cst.CSTNode, int]:
        """A creation site, with the body statement it is in (for positions)."""
        return call, self.element.top if self.element is not None else 0

    def holder_name(self, oid: int) -> str | None:
        for name, oids in sorted(self.env.items()):
            if oid in oids:
                return name
        return None

    def current_group(self) -> int | None:
        """The graph whose ``with`` block the current element is in, if any."""
        if self.element is None:
            return None
        for item in reversed(self.element.withs):
            expr = item.item
            if isinstance(expr, cst.Call) and self.ctx.callee(expr.func).canonical == api.GRAPH:
                return self.obj(Kind.GRAPH, expr, expr, "graph")
            if isinstance(expr, cst.Name):
                for o in self.env.get(expr.value, NOTHING):
                    if self.infos[o].kind is Kind.GRAPH:
                        return o
        return None

    # -- elements ---------------------------------------------------------------------------
    def run_element(self, element: Element) -> None:
        kind, node = element.kind, element.node
        if kind is ElementKind.STMT:
            self.small(cast(cst.BaseSmallStatement, node))
        elif kind is ElementKind.EVAL:
            self.ev(cast(cst.BaseExpression, node))
        elif kind is ElementKind.FOR_TARGET:
            loop = cast(cst.For, node)
            self.bind(loop.target, self.iterated(loop.iter))
        elif kind is ElementKind.WITH_ENTER:
            item = cast(cst.WithItem, node)
            value = self.ev(item.item)
            if item.asname is not None:
                self.bind(item.asname.name, value)
        elif kind is ElementKind.EXCEPT_BIND:
            handler = cast(cst.ExceptHandler | cst.ExceptStarHandler, node)
            if handler.name is not None:
                self.bind(handler.name.name, NOTHING)
        elif kind is ElementKind.PATTERN:
            for name in _target_names(cast(cst.MatchCase, node).pattern):
                self.bind_name(name, NOTHING)
        elif kind is ElementKind.DEF:
            definition = cast(cst.FunctionDef | cst.ClassDef, node)
            self.capture(definition.body)
            self.bind_name(definition.name.value, NOTHING)
        elif kind is ElementKind.RETURN:
            value_node = cast(cst.Return, node).value
            if value_node is not None:
                self.escape(self.ev(value_node))

    def small(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Expr):
            self.ev(node.value)
        elif isinstance(node, cst.Assign):
            value = self.ev(node.value)
            for target in node.targets:
                self.bind(target.target, value)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self.bind(node.target, self.ev(node.value))
        elif isinstance(node, cst.AugAssign):
            self.escape(self.ev(node.value))
            self.bind(node.target, NOTHING)
        elif isinstance(node, cst.Del):
            self.delete(node.target)
        elif isinstance(node, cst.Raise):
            if node.exc is not None:
                self.ev(node.exc)
            if node.cause is not None:
                self.ev(node.cause.item)
        elif isinstance(node, cst.Assert):
            self.ev(node.test)
            if node.msg is not None:
                self.ev(node.msg)
        elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(
            node.names, cst.ImportStar
        ):
            for alias in node.names:
                bound = alias.asname.name if alias.asname else alias.name
                if isinstance(bound, cst.Name):
                    self.bind_name(bound.value, NOTHING)
                elif isinstance(bound, cst.Attribute):
                    head = api.dotted_name(bound)
                    if head:
                        self.bind_name(head.split(".")[0], NOTHING)

    def iterated(self, iterable: cst.BaseExpression) -> Value:
        """What a ``for`` target takes: the tracked names of a literal tuple/list it walks."""
        if isinstance(iterable, (cst.Tuple, cst.List)):
            out: set[int] = set()
            for element in iterable.elements:
                if isinstance(element.value, cst.Name):
                    out |= self.env.get(element.value.value, NOTHING)
            return frozenset(out)
        return NOTHING

    def capture(self, body: cst.CSTNode) -> None:
        """A nested function or lambda that names an op, pending, partition or graph may run it
        later: those escape here."""
        holders = {n: o for n, o in self.env.items() if any(self.is_live(x) for x in o)}
        if holders:
            for name in set(_names_in(body, holders)):
                self.escape(holders[name])

    # -- binding ----------------------------------------------------------------------------
    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if isinstance(target, cst.Name):
            self.bind_name(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if (
                isinstance(value, Packed)
                and len(value.items) == len(elements)
                and not any(isinstance(e, cst.StarredElement) for e in elements)
            ):
                for element, item in zip(elements, value.items, strict=True):
                    self.bind(element.value, item)
            else:
                self.escape(value)
                for element in elements:
                    self.bind(element.value, NOTHING)
        elif isinstance(target, cst.StarredElement):
            self.escape(value)
            self.bind(target.value, NOTHING)
        else:  # an attribute or a subscript: stored away where the analysis does not follow
            self.escape(value)

    def bind_name(self, name: str, value: Value) -> None:
        if isinstance(value, Packed):
            self.escape(value)  # a tuple kept whole: a container
            value = NOTHING
        if value:
            self.set_env(name, value)
            for oid in value:  # a new tensor takes the name it is first bound to
                info = self.infos[oid]
                if info.kind is Kind.TENSOR and info.label == "tensor":
                    self.infos[oid] = dataclasses.replace(info, label=f"`{name}`")
        elif name in self.env:
            # rebound to something untracked: a new identity, so a later ``name.partition()``
            # is not mistaken for the old value's
            assert self.element is not None
            node = self.element.node
            fresh = self.fresh(Kind.TENSOR, node, f"`{name}`", key=("rebound", node, name))
            self.set_env(name, frozenset({fresh}))

    def delete(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            if target.value in self.env:
                self.set_env(target.value, None)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.delete(element.value)

    def escape(self, value: Value) -> None:
        """The value goes where the analysis does not follow (a container, an attribute, an
        unknown call, the caller): its ops count as run, its pendings as waited on, and the
        borrows they hold are no longer tracked."""
        for oid in flatten(value):
            kind = self.infos[oid].kind
            if kind is Kind.TENSOR:
                continue
            if kind is Kind.OP:
                self.ran.add(self.site_of(oid))
            elif kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            if oid in self.holds:
                self.set_hold(oid, None)

    # -- expressions ------------------------------------------------------------------------
    def ev(self, expr: cst.BaseExpression) -> Value:
        handler = self._expr.get(type(expr))
        if handler is not None:
            return handler(expr)
        if type(expr) not in _LITERALS:
            self.walk(expr)
        return NOTHING

    def walk(self, node: cst.CSTNode) -> None:
        """Evaluate the expressions inside a node this analysis has no special meaning for."""
        for child in _children(node):
            if _type_kind(type(child)) == _EXPRESSION:
                assert isinstance(child, cst.BaseExpression)
                self.ev(child)
            else:
                self.walk(child)

    def _spine(self, expr: cst.BaseExpression) -> Value:
        """``a + b + c ...`` nests to the left, as deep as the chain is long: walk the spine
        iteratively, operands in evaluation order."""
        rights: list[cst.BaseExpression] = []
        while isinstance(expr, cst.BinaryOperation):
            rights.append(expr.right)
            expr = expr.left
        self.ev(expr)
        for operand in reversed(rights):
            self.ev(operand)
        return NOTHING

    def _strings(self, expr: cst.BaseExpression) -> Value:
        """Implicit string concatenation nests to the right; only f-strings hold code."""
        while isinstance(expr, cst.ConcatenatedString):
            if isinstance(expr.left, cst.FormattedString):
                self.walk(expr.left)
            expr = expr.right
        if isinstance(expr, cst.FormattedString):
            self.walk(expr)
        return NOTHING

    def _name(self, expr: cst.Name) -> Value:
        return self.env.get(expr.value, NOTHING)

    def _attribute(self, expr: cst.Attribute) -> Value:
        oids = flatten(self.ev(expr.value))
        if not oids:
            return NOTHING
        attr = expr.attr.value
        out: set[int] = set()
        tensors = self.kinds(oids, Kind.TENSOR)
        if tensors and attr not in api.TENSOR_METADATA:
            self.use(frozenset(tensors), Use.READ, expr.value)
        if attr == "tensor":
            for part in self.kinds(oids, Kind.PARTITION):
                out |= self.partition_tensors(part)
        return frozenset(out)

    def _sequence(self, expr: cst.Tuple | cst.List) -> Value:
        items: list[Value] = []
        starred = False
        for element in expr.elements:
            value = self.ev(element.value)
            starred = starred or isinstance(element, cst.StarredElement)
            items.append(value)
        if starred:
            for value in items:
                self.escape(value)
            return NOTHING
        return Packed(tuple(items))

    def _container(self, expr: cst.BaseExpression) -> Value:
        for child in _children(expr):
            if isinstance(child, cst.BaseExpression):
                self.escape(self.ev(child))
            else:
                for inner in _children(child):
                    if isinstance(inner, cst.BaseExpression):
                        self.escape(self.ev(inner))
        return NOTHING

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        shadowed: dict[str, Oids] = {}
        for_in: cst.CompFor | None = expr.for_in
        while for_in is not None:
            self.ev(for_in.iter)
            for name in _target_names(for_in.target):
                if name in self.env and name not in shadowed:
                    shadowed[name] = self.env[name]
                    self.set_env(name, None)
            for condition in for_in.ifs:
                self.ev(condition.test)
            for_in = for_in.inner_for_in
        if isinstance(expr, cst.DictComp):
            self.escape(self.ev(expr.key))
            self.escape(self.ev(expr.value))
        else:
            self.escape(self.ev(expr.elt))
        for name, oids in shadowed.items():
            self.set_env(name, oids)
        return NOTHING

    def _lambda(self, expr: cst.Lambda) -> Value:
        self.capture(expr.body)
        if all(lam is not expr for lam, _ in self.lambdas):
            self.lambdas.append((expr, self.element.top if self.element is not None else 0))
        return NOTHING

    def _fork(self, first: cst.BaseExpression, second: cst.BaseExpression | None) -> Oids:
        """Evaluate one of two expressions (or the first or nothing): each from the same
        state, the outcomes merged."""
        before = State(self.env, self.holds)
        self._own_env = self._own_holds = False  # ``before`` must not change under us
        left = flatten(self.ev(first))
        after_first = State(self.env, self.holds)
        self._load(before)
        right = flatten(self.ev(second)) if second is not None else NOTHING
        merged = after_first.join(State(self.env, self.holds))
        if merged.env is not self.env or merged.holds is not self.holds:
            self._load(merged)
            self.gc_needed = True
        return left | right

    def _if_exp(self, expr: cst.IfExp) -> Value:
        self.ev(expr.test)
        return self._fork(expr.body, expr.orelse)

    def _boolean(self, expr: cst.BooleanOperation) -> Value:
        self.ev(expr.left)
        self._fork(expr.right, None)
        return NOTHING

    def _named(self, expr: cst.NamedExpr) -> Value:
        value = self.ev(expr.value)
        self.bind(expr.target, value)
        return value

    def _yield(self, expr: cst.Yield) -> Value:
        inner = expr.value
        if isinstance(inner, cst.From):
            inner = inner.item
        if inner is not None:
            self.escape(self.ev(inner))
        return NOTHING

    def _await(self, expr: cst.Await) -> Value:
        oids = flatten(self.ev(expr.expression))
        self.release(self.kinds(oids, Kind.OP), expr, ran=True)
        self.release(self.kinds(oids, Kind.PENDING), expr)
        return NOTHING

    # -- calls ------------------------------------------------------------------------------
    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        head = func
        while isinstance(head, cst.Attribute):
            head = head.value
        if not (isinstance(head, cst.Name) and head.value in self.env):
            callee = self.ctx.callee(func)
            if callee.kernel is not None:
                return self.launch(expr, callee.kernel)
            if callee.canonical is not None:
                return self.api_call(expr, callee.canonical)
        if isinstance(func, cst.Attribute):
            oids = flatten(self.ev(func.value))
            if oids:
                return self.method(expr, func, oids)
            if func.attr.value == "partition" and self.looks_like_tile_shape(expr):
                tensor = self.free_tensor(func.value)
                if tensor is not None:
                    return self.partition(expr, func.value, frozenset({tensor}))
        else:
            self.ev(func)
        self.unknown_args(expr, escape=True)
        return NOTHING

    def unknown_args(self, call: cst.Call, *, escape: bool) -> list[Value]:
        values = []
        for arg in call.args:
            value = self.ev(arg.value)
            values.append(value)
            if escape:
                self.escape(value)
        return values

    def looks_like_tile_shape(self, call: cst.Call) -> bool:
        """``x.partition((...))`` on an unknown ``x`` partitions a tensor when its argument is
        a literal tile shape; anything else may be ``str.partition(sep)``: not guessed."""
        return len(call.args) == 1 and isinstance(call.args[0].value, (cst.Tuple, cst.List))

    def free_tensor(self, expr: cst.BaseExpression) -> int | None:
        """A name the analysis had not tracked, now used as a tensor (a parameter, a global)."""
        if not isinstance(expr, cst.Name):
            return None
        tensor = self.obj(Kind.TENSOR, ("free", expr.value), None, f"`{expr.value}`")
        self.set_env(expr.value, frozenset({tensor}))
        return tensor

    def api_call(self, call: cst.Call, canonical: str) -> Value:
        if canonical in api.TENSOR_FACTORIES:
            values = self.unknown_args(call, escape=False)
            tensors = frozenset(t for v in values for t in self.kinds(flatten(v), Kind.TENSOR))
            if tensors:
                self.use(tensors, Use.READ, call)
            rank = self.static_rank(call, canonical)
            return frozenset({self.fresh(Kind.TENSOR, call, "tensor", rank=rank)})
        if canonical == api.ZIP:
            values = self.unknown_args(call, escape=False)
            ops = [o for v in values for o in self.kinds(flatten(v), Kind.OP)]
            return self.combine(call, ops, "zipped op")
        if canonical == api.GRAPH:
            self.unknown_args(call, escape=False)
            group = self.obj(Kind.GRAPH, call, call, "graph")
            self.infos[group] = dataclasses.replace(self.infos[group], group=group)
            group = self.fresh(Kind.GRAPH, call, "graph")
            self.set_hold(group, Hold(LIVE))
            return frozenset({group})
        if canonical in api.HOST_READERS:
            values = self.unknown_args(call, escape=False)
            tensors = frozenset(t for v in values for t in self.kinds(flatten(v), Kind.TENSOR))
            if tensors and call.args:
                self.use(tensors, Use.READ, call.args[0].value)
            return NOTHING
        self.unknown_args(call, escape=canonical not in api.INSPECTING_BUILTINS)
        return NOTHING

    def static_rank(self, call: cst.Call, canonical: str) -> int | None:
        if canonical in api.RANK_ONE_FACTORIES:
            return 1
        position = api.TENSOR_FACTORIES.get(canonical)
        shape: cst.BaseExpression | None = None
        for i, arg in enumerate(call.args):
            if arg.keyword is not None and arg.keyword.value == "shape":
                shape = arg.value
            elif arg.keyword is None and not arg.star and i == position:
                shape = arg.value
        if shape is None:
            return None
        dims = shape_dims(shape, self.ctx.constants)
        return None if dims is None else len(dims)

    def method(self, call: cst.Call, func: cst.Attribute, oids: Oids) -> Value:
        name = func.attr.value
        receiver = func.value
        out: set[int] = set()
        tensors = frozenset(self.kinds(oids, Kind.TENSOR))
        if tensors:
            if name == "partition":
                out |= self.partition(call, receiver, tensors)
            elif name in api.TENSOR_METADATA:
                self.unknown_args(call, escape=False)
            else:
                sources = self.unknown_args(call, escape=False)
                for value in sources:  # ``z.copy_from(x)`` reads x
                    read = frozenset(self.kinds(flatten(value), Kind.TENSOR))
                    if read:
                        self.use(read, Use.READ, call)
                self.use(tensors, Use.WRITE if name in api.TENSOR_WRITES else Use.READ, receiver)
        partitions = self.kinds(oids, Kind.PARTITION)
        if partitions and name == "mapped":
            self.unknown_args(call, escape=False)
            self.check_unconsumed(partitions, receiver, None)
            out |= set(partitions)
        ops = self.kinds(oids, Kind.OP)
        if ops:
            out |= self.op_method(call, name, ops)
        pendings = self.kinds(oids, Kind.PENDING)
        if pendings:
            self.unknown_args(call, escape=False)
            if name == "wait":
                self.release(pendings, call)
        graphs = self.kinds(oids, Kind.GRAPH)
        if graphs:
            if name == "record":
                values = self.unknown_args(call, escape=False)
                recorded = [o for v in values for o in self.kinds(flatten(v), Kind.OP)]
                self.record(graphs, recorded)
                out |= set(recorded)
            else:
                self.unknown_args(call, escape=False)
                if name == "close":
                    self.release(graphs, call)
        return frozenset(out)

    def op_method(self, call: cst.Call, name: str, ops: list[int]) -> set[int]:
        if name in ("sync", "sync_on"):
            self.unknown_args(call, escape=False)
            self.release(ops, call, ran=True)
            return set()
        if name == "submit":
            self.unknown_args(call, escape=False)
            borrows = self.hand_on(ops)
            pending = self.fresh(Kind.PENDING, call, "pending", group=self.current_group())
            self.created_pendings[pending] = self.site(call)
            self.set_hold(pending, Hold(LIVE, borrows))
            return {pending}
        if name == "then":
            self.unknown_args(call, escape=False)
            return set(self.combine(call, ops, "chained op"))
        self.unknown_args(call, escape=False)
        return set()

    # -- ownership effects ------------------------------------------------------------------
    def hand_on(self, ops: list[int]) -> frozenset[Borrow]:
        """Ops submitted, chained, zipped or recorded: their borrows go to the new holder."""
        borrows: set[Borrow] = set()
        for op in ops:
            self.ran.add(self.site_of(op))
            hold = self.holds.get(op)
            if hold is not None:
                if hold.live:
                    borrows |= hold.borrows
                self.set_hold(op, Hold(HANDED, hold.borrows))
        return frozenset(borrows)

    def combine(self, call: cst.Call, ops: list[int], label: str) -> Oids:
        borrows = self.hand_on(ops)
        new = self.fresh(Kind.OP, call, label, group=self.current_group())
        self.created_ops[new] = self.site(call)
        self.set_hold(new, Hold(LIVE, borrows))
        return frozenset({new})

    def record(self, graphs: list[int], ops: list[int]) -> None:
        borrows = self.hand_on(ops)
        for graph in graphs:
            hold = self.holds.get(graph)
            if hold is not None and not borrows <= hold.borrows:
                self.set_hold(graph, dataclasses.replace(hold, borrows=hold.borrows | borrows))

    def release(self, holders: list[int], where: cst.CSTNode, *, ran: bool = False) -> None:
        for oid in holders:
            if ran:
                self.ran.add(self.site_of(oid))
            elif self.infos[oid].kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            hold = self.holds.get(oid)
            if hold is not None and hold.live:
                self.set_hold(oid, Hold(DONE, hold.borrows, frozenset({where})))

    def partition_tensors(self, partition: int) -> set[int]:
        hold = self.holds.get(partition)
        return {b.tensor for b in hold.borrows} if hold is not None else set()

    def partition(self, call: cst.Call, receiver: cst.BaseExpression, tensors: Oids) -> Oids:
        self.unknown_args(call, escape=False)
        if len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
            dims = shape_dims(call.args[0].value, self.ctx.constants)
            ranks = {self.infos[t].rank for t in tensors}
            rank = ranks.pop() if len(ranks) == 1 else None
            problem = tile_shape_problem(dims, rank) if dims is not None else None
            if problem is not None:
                self.report(("TC107", call), Finding("TC107", call.args[0].value, (problem,)))
                return NOTHING
        self.use(tensors, Use.PARTITION, receiver)
        part = self.fresh(Kind.PARTITION, call, "partition", group=self.current_group())
        self.set_hold(part, Hold(LIVE, frozenset(Borrow(t, True) for t in tensors)))
        if self.launch_scope is not None:
            self.launch_scope.add(part)
        return frozenset({part})

    def use(self, tensors: Oids, use: Use, node: cst.CSTNode) -> None:
        """Host code touches ``tensors``: report the first live borrow it conflicts with."""
        if not self.holds:
            return
        acquiring = use in (Use.PARTITION, Use.SHARED)
        group = self.current_group() if acquiring else None
        scope = self.launch_scope if acquiring else None
        for oid, hold in self.holds.items():
            if not hold.status & LIVE or (scope is not None and oid in scope):
                continue
            info = self.infos[oid]
            if group is not None and info.group == group:
                continue
            for borrow in hold.borrows:
                if borrow.tensor not in tensors:
                    continue
                code = messages.conflict_code(info.kind, borrow.exclusive, use)
                if code is None:
                    continue
                name = _display(node) if isinstance(node, cst.BaseExpression) else "the tensor"
                message, labels = messages.conflict(
                    code,
                    name,
                    use,
                    node,
                    info,
                    borrow.exclusive,
                    self.holder_name(oid),
                    hold.released_at,
                )
                key = (code, self.site_of(oid), self.site_of(borrow.tensor))
                self.report(key, Finding(code, node, message, labels))
                break

    def check_unconsumed(
        self, partitions: list[int], node: cst.CSTNode, consumer_group: int | None
    ) -> bool:
        """TC109: a partition used after a launch consumed it (except passed on inside the
        chain or graph that consumed it). True if it was."""
        for part in partitions:
            hold = self.holds.get(part)
            if hold is None or not hold.status & CONSUMED:
                continue
            if consumer_group is not None and all(
                self.infos[self.obj(Kind.OP, c, c, "op")].group == consumer_group
                for c in hold.consumed_at
            ):
                continue
            shown = api.dotted_name(node) if isinstance(node, cst.BaseExpression) else None
            tensors = (
                " and ".join(sorted(self.infos[t].label for t in self.partition_tensors(part)))
                or "the tensor"
            )
            consumer: tuple[Part, ...] = (
                ("the launch at ", next(iter(hold.consumed_at)))
                if len(hold.consumed_at) == 1
                else ("an earlier launch",)
            )
            message: tuple[Part, ...] = (
                f"partition{f' `{shown}`' if shown else ''} was already consumed by ",
                *consumer,
                f"; a partition moves into the launch it is passed to: partition {tensors} "
                "again (after that op is synced) for another launch",
            )
            labels = tuple((c, "consumed here") for c in hold.consumed_at)
            labels += ((node, "used here after its launch"),)
            self.report(("TC109", part, id(node)), Finding("TC109", node, message, labels))
            return True
        return False

    # -- launches ---------------------------------------------------------------------------
    def launch(self, call: cst.Call, kernel: LaunchSignature) -> Value:
        """A kernel call: arguments checked as ``_Launch`` does at run time, then the op."""
        outer_scope, self.launch_scope = self.launch_scope, set()
        values: dict[int, Value] = {}
        for arg in call.args:
            values[id(arg)] = self.ev(arg.value)
        self.launch_scope = outer_scope
        binding = bind(kernel, call)
        if binding.problems:  # the first misfit, as Python's own TypeError would name it
            node, arity = binding.problems[0]
            self.report(("TC106", id(node)), Finding("TC106", node, (arity,)))
            return NOTHING
        group = self.current_group()
        ok = True
        writes: list[tuple[str, cst.Arg, Oids]] = []
        reads: list[tuple[str, cst.Arg, Oids]] = []
        for param, arg in binding.args:
            oids = flatten(values[id(arg)])
            tensors = self.kinds(oids, Kind.TENSOR)
            partitions = self.kinds(oids, Kind.PARTITION)
            where = f"parameter `{param.name}` of kernel `{kernel.name}`"
            problem: str | None = None
            if param.kind is ParamKind.MUTABLE:
                if tensors and not partitions:
                    problem = (
                        f"{where} is Mutable: pass a partition of the tensor "
                        f"(`{_display(arg.value)}.partition(tile_shape)`), not the tensor"
                    )
                elif partitions:
                    if self.check_unconsumed(partitions, arg.value, group):
                        ok = False
                        continue
                    touched: set[int] = set()
                    for part in partitions:
                        touched |= self.partition_tensors(part)
                    writes.append((param.name, arg, frozenset(touched)))
            elif param.kind is ParamKind.SHARED:
                if partitions and not tensors:
                    problem = (
                        f"{where} is Shared (read-only): pass the tensor itself, "
                        "not a partition of it"
                    )
                elif tensors:
                    reads.append((param.name, arg, frozenset(tensors)))
                elif not oids:
                    free = self.free_tensor(arg.value)
                    if free is not None:
                        reads.append((param.name, arg, frozenset({free})))
            elif param.kind in (ParamKind.SCALAR, ParamKind.CONST) and (tensors or partitions):
                problem = f"{where} is a scalar, not a tensor"
            if problem is not None:
                self.report(("TC106", id(arg)), Finding("TC106", arg.value, (problem,)))
                ok = False
        if not ok or not self.aliasing_ok(kernel, writes, reads):
            return NOTHING
        for _name, arg, tensors_read in reads:
            self.use(tensors_read, Use.SHARED, arg.value)
        borrows: set[Borrow] = set()
        for _name, arg, written in writes:
            borrows |= {Borrow(t, True) for t in written}
            for part in self.kinds(flatten(values[id(arg)]), Kind.PARTITION):
                hold = self.holds.get(part)
                if hold is not None:
                    self.set_hold(
                        part,
                        Hold(CONSUMED, hold.borrows, hold.released_at, hold.consumed_at | {call}),
                    )
        for _name, _arg, tensors_read in reads:
            borrows |= {Borrow(t, False) for t in tensors_read}
        op = self.fresh(Kind.OP, call, f"op `{kernel.name}`", group=group)
        self.created_ops[op] = self.site(call)
        self.set_hold(op, Hold(LIVE, frozenset(borrows)))
        return frozenset({op})

    def aliasing_ok(
        self,
        kernel: LaunchSignature,
        writes: list[tuple[str, cst.Arg, Oids]],
        reads: list[tuple[str, cst.Arg, Oids]],
    ) -> bool:
        """TC101: a tensor written through a partition may not appear again in the launch."""
        seen: dict[int, tuple[str, cst.Arg]] = {}
        clash: tuple[str, cst.Arg, str, cst.Arg, int] | None = None
        for name, arg, tensors in writes:
            for t in tensors:
                if t in seen and clash is None:
                    clash = (name, arg, *seen[t], t)
                seen.setdefault(t, (name, arg))
        for name, arg, tensors in reads:
            for t in tensors:
                if t in seen and clash is None:
                    clash = (name, arg, *seen[t], t)
        if clash is None:
            return True
        name, arg, first_name, first_arg, tensor = clash
        label = self.infos[tensor].label
        shown = label if label.startswith("`") else _display(arg.value)
        message = (
            f"{shown} is passed to kernel `{kernel.name}` as Mutable `{first_name}` and again as "
            f"`{name}` in the same launch; a launch may not read or write a tensor it writes "
            "through a partition",
        )
        labels = (
            (first_arg.value, f"passed as Mutable `{first_name}` here"),
            (arg.value, f"passed again as `{name}` here"),
        )
        self.report(("TC101", id(arg)), Finding("TC101", arg.value, message, labels))
        return False
