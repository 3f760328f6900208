"""Module generators a ``for`` walks, followed step by step (issue 17, round 20B).

A generator call is code that runs elsewhere: each step of the consumer resumes the generator
up to its next ``yield``. For the common shape, a top-level ``def`` whose body is some
statements and then one ``for`` loop, one of whose statements is the generator's only
``yield value``, the consumer's loop and the generator's loop step together, so the module is
analysed with ``for x in gen(args): body`` written as

    <parameters bound to the arguments; the generator's statements before its loop>
    for <gen target> in <gen iterable>:   # the generator's own nodes
        <gen statements before the yield>
        x = <yielded value>
        body
        <gen statements after the yield>

(``for i, x in enumerate(gen(args))`` binds ``i`` to a value nothing follows). What the
generator makes, submits or partitions is then seen where the consumer keeps, runs, waits or
reads it; findings at the generator's nodes lie on its lines (``check_module`` places them by
the source, whose nodes these are).

The rewrite is made only where it means the same: the generator's locals (parameters, loop
target, names it binds) are names the consumer's scope never mentions, but a parameter given
the same name (rebound by neither) and, with no code after the ``yield``, a loop target's name
the consumer's own target rebinds right after; the generator's free names are names the
consumer (a function) does not bind; the consumer's loop has no ``else``; at module level the
bindings, the statements before the generator's loop and the loop are one ``if True:`` (the
module's statements keep their numbers; round 21I). And only where the consumer
handles every step (``_every_step``): a body that may stop early or skip (``break``,
``continue``, ``return``, ``raise``, ``try``), or that names what a step yields only under a
test, may leave a yielded op or Pending in flight past the loop, which item it holds unknown
(a later read of any item would be taken for a conflict): not followed. Everything else stays
unknown code, as before."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

import libcst as cst

from tilecheck.host.islices import as_slice, islice_names
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import descendants, own_nodes

Statement = cst.BaseStatement | cst.BaseSmallStatement
Body = Sequence[cst.BaseStatement]

_STEP = "_tilecheck_step_"  # the counter ``enumerate`` gives: a value nothing follows
# What makes a consumer's step end before its body's end (compared by exact type).
_LEAVING = frozenset({cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Try, cst.TryStar})
_REFUSED = frozenset(
    {
        cst.Yield,
        cst.Await,
        cst.Return,
        cst.Global,
        cst.Nonlocal,
        cst.FunctionDef,
        cst.ClassDef,
        cst.Lambda,
        cst.Try,
        cst.TryStar,
    }
)


class _Generator:
    """A generator of the followed shape: its parameters, the statements before its loop, the
    loop, the loop body's statements before and after the ``yield``, the value yielded, and
    the names it binds and reads."""

    def __init__(
        self,
        fn: cst.FunctionDef,
        pre: Sequence[cst.BaseStatement],
        loop: cst.For,
        at: int,
        value: cst.BaseExpression,
    ) -> None:
        self.fn = fn
        self.pre = list(pre)
        self.loop = loop
        self.value = value
        inner = _released(statements_of(loop.body))
        self.before: list[cst.BaseStatement] = list(inner[:at])
        self.after: list[cst.BaseStatement] = list(inner[at + 1 :])
        self.params = [p.name.value for p in fn.params.params]
        self.targets = frozenset(target_names(loop.target))
        code = [*self.pre, *self.before, *self.after]
        self.bound = frozenset(self.params) | self.targets | bound_in(code)
        self.free = names_in(fn.body) - self.bound


def statements_of(body: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    return body.body if isinstance(body, cst.IndentedBlock) else ()


def _shape(fn: cst.FunctionDef) -> _Generator | None:
    """``fn`` as a generator of the followed shape, if it is one (cheap checks first): a body
    of statements and then one ``for`` (no ``else``) one of whose statements is its only
    ``yield value``."""
    if fn.asynchronous is not None or fn.decorators:
        return None
    params = fn.params
    if params.posonly_params or params.kwonly_params or params.star_kwarg is not None:
        return None
    if params.star_arg is not None and not isinstance(params.star_arg, cst.MaybeSentinel):
        return None
    if any(p.default is not None for p in params.params):
        return None
    body = [s for s in statements_of(fn.body) if not is_docstring(s)]
    if not body or type(body[-1]) is not cst.For:
        return None
    loop = body[-1]
    if loop.asynchronous is not None or loop.orelse is not None:
        return None
    inner = _released(statements_of(loop.body))
    at = next((i for i, stmt in enumerate(inner) if _yield_of(stmt) is not None), None)
    if at is None:
        return None
    value = _yield_of(inner[at])
    if value is None:
        return None
    rest = [*body[:-1], *inner[:at], *inner[at + 1 :], value, loop.iter, loop.target]
    if any(type(n) in _REFUSED for r in rest for n in descendants(r)):
        return None
    return _Generator(fn, body[:-1], loop, at, value)


def _released(body: Body) -> Body:
    """``body`` with a ``try: ... yield value ... finally: F`` (no ``except``, no ``else``)
    written as its statements then ``F`` (round 26E): a generator a consumer walks to its end
    is resumed after each step's body, and its ``finally`` runs then, before the next step
    (where the consumer stops early, at the generator's close, which ``_every_step`` keeps
    out)."""
    for i, stmt in enumerate(body):
        if type(stmt) is not cst.Try or stmt.handlers or stmt.orelse is not None:
            continue
        final = stmt.finalbody
        inner = statements_of(stmt.body)
        if final is None or not any(_yield_of(s) is not None for s in inner):
            continue
        return [*body[:i], *inner, *statements_of(final.body), *body[i + 1 :]]
    return body


def _yield_of(stmt: cst.BaseStatement) -> cst.BaseExpression | None:
    """``value`` of a statement ``yield value`` (not a bare ``yield``, nor ``yield from``)."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    only = stmt.body[0]
    if type(only) is not cst.Expr or type(only.value) is not cst.Yield:
        return None
    value = only.value.value
    return value if isinstance(value, cst.BaseExpression) else None


def is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        type(stmt) is cst.SimpleStatementLine
        and len(stmt.body) == 1
        and type(stmt.body[0]) is cst.Expr
        and isinstance(stmt.body[0].value, cst.BaseString)
    )


def names_in(node: cst.CSTNode) -> frozenset[str]:
    """Every name ``node`` mentions (read or bound, at any depth)."""
    return frozenset(n.value for n in descendants(node) if type(n) is cst.Name)


def bound_in(nodes: Sequence[cst.CSTNode]) -> frozenset[str]:
    """The names the code of ``nodes`` binds (any depth; more is safe)."""
    out: set[str] = set()
    for root in nodes:
        for n in descendants(root):
            kind = type(n)
            if kind is cst.AssignTarget:
                out.update(target_names(n.target))  # type: ignore[attr-defined]
            elif kind in (cst.AugAssign, cst.AnnAssign, cst.NamedExpr):
                out.update(target_names(n.target))  # type: ignore[attr-defined]
            elif kind is cst.For or kind is cst.CompFor:
                out.update(target_names(n.target))  # type: ignore[attr-defined]
            elif kind is cst.AsName:
                out.update(target_names(n.name))  # type: ignore[attr-defined]
            elif kind is cst.FunctionDef or kind is cst.ClassDef:
                out.add(n.name.value)  # type: ignore[attr-defined]
            elif kind is cst.Param:
                out.add(n.name.value)  # type: ignore[attr-defined]
            elif kind is cst.ImportAlias:
                alias = n.asname  # type: ignore[attr-defined]
                named = alias.name if alias is not None else n.name  # type: ignore[attr-defined]
                out.update(_dotted_head(named))
            elif kind is cst.Global or kind is cst.Nonlocal:
                out.update(a.name.value for a in n.names)  # type: ignore[attr-defined]
    return frozenset(out)


def _dotted_head(expr: cst.BaseExpression) -> Iterator[str]:
    while type(expr) is cst.Attribute:
        expr = expr.value
    if type(expr) is cst.Name:
        yield expr.value


class Generators:
    """The module's generators of the followed shape, and the rewrite of a body's loops that
    consume them."""

    def __init__(self, module: cst.Module) -> None:
        self._module = module
        self._found: dict[str, _Generator] = {}
        defined: dict[str, int] = {}
        for stmt in module.body:
            if type(stmt) is cst.FunctionDef:
                defined[stmt.name.value] = defined.get(stmt.name.value, 0) + 1
                found = _shape(stmt)
                if found is not None:
                    self._found[stmt.name.value] = found
        # a name defined twice is not followed
        self._scopes: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
        for name, count in defined.items():
            if count > 1:
                self._found.pop(name, None)
        self._islice = islice_names(module)

    def module(self) -> cst.Module:
        """The module with its top-level functions', methods' and own loops over followed
        generators rewritten (the module itself where none is). A module-level loop whose
        rewrite needs statements before it is one ``if True:`` statement (no way around its
        body): the module's statements keep their numbering."""
        if not self._found and not self._islice:
            return self._module
        body: list[Statement] = []
        changed = False
        for stmt in self._module.body:
            new = self._top_level(stmt)
            changed = changed or new is not stmt
            body.append(new)
        return self._module.with_changes(body=body) if changed else self._module

    def _top_level(self, stmt: Statement) -> Statement:
        if type(stmt) is cst.FunctionDef:
            return self._function(stmt)
        if type(stmt) is cst.ClassDef:
            inner = statements_of(stmt.body)
            methods = [self._function(s) if type(s) is cst.FunctionDef else s for s in inner]
            if all(a is b for a, b in zip(methods, inner, strict=True)):
                return stmt
            return stmt.with_changes(body=stmt.body.with_changes(body=methods))
        new = self._block([stmt], None)
        if new is None:
            return stmt
        if len(new) == 1:
            return new[0]
        # the bindings and the generator's statements before its loop, then the loop, as one
        # statement that always runs its body: the module's statements keep their numbers
        return cst.If(test=cst.Name("True"), body=cst.IndentedBlock(body=cast(Body, new)))

    def _function(self, fn: cst.FunctionDef) -> cst.FunctionDef:
        if any(f.fn is fn for f in self._found.values()):
            return fn
        out = self._block(statements_of(fn.body), fn)
        return fn if out is None else fn.with_changes(body=fn.body.with_changes(body=out))

    def _scope(self, fn: cst.FunctionDef | None) -> tuple[frozenset[str], frozenset[str]]:
        """The names the consumer's scope mentions, and those it binds (a function's)."""
        key = id(fn) if fn is not None else 0
        found = self._scopes.get(key)
        if found is None:
            if fn is not None:
                mentioned, bound = names_in(fn), bound_in([fn])
            else:  # the module's code but the followed generators' locals
                gens = {id(g.fn): g.free for g in self._found.values()}
                mentioned = frozenset().union(
                    *(gens.get(id(s)) or names_in(s) for s in self._module.body)
                )
                bound = frozenset()
            found = self._scopes[key] = (mentioned, bound)
        return found

    def _block(
        self, stmts: Sequence[Statement], fn: cst.FunctionDef | None
    ) -> list[Statement] | None:
        out: list[Statement] = []
        changed = False
        for stmt in stmts:
            new = self._statement(stmt, fn)
            if new is None:
                out.append(stmt)
            else:
                out.extend(new)
                changed = True
        return out if changed else None

    def _statement(self, stmt: Statement, fn: cst.FunctionDef | None) -> list[Statement] | None:
        kind = type(stmt)
        if kind is cst.For:
            loop = stmt
            assert isinstance(loop, cst.For)
            rewritten = self._loop(loop, fn)
            if rewritten is not None:
                return rewritten
            sliced = as_slice(loop.iter, self._islice) if self._islice else None
            inner = self._suite_of(loop.body, fn)
            if sliced is None and inner is None:
                return None
            return [loop.with_changes(iter=sliced or loop.iter, body=inner or loop.body)]
        if kind in (cst.While, cst.If, cst.With):
            inner = self._suite_of(stmt.body, fn)  # type: ignore[union-attr]
            if inner is not None:
                return [stmt.with_changes(body=inner)]
        return None

    def _suite_of(self, body: cst.BaseSuite, fn: cst.FunctionDef | None) -> cst.BaseSuite | None:
        if not isinstance(body, cst.IndentedBlock):
            return None
        out = self._block(body.body, fn)
        return body.with_changes(body=out) if out is not None else None

    def _loop(self, loop: cst.For, fn: cst.FunctionDef | None) -> list[Statement] | None:
        """The rewrite of ``for x in gen(args)`` / ``for i, x in enumerate(gen(args))``."""
        if loop.orelse is not None or loop.asynchronous is not None:
            return None
        call, counted = _generator_call(loop)
        if call is None or type(call.func) is not cst.Name:
            return None
        gen = self._found.get(call.func.value)
        if gen is None:
            return None
        target: cst.BaseAssignTargetExpression = loop.target
        step: cst.BaseAssignTargetExpression | None = None
        if counted:
            if type(target) is not cst.Tuple or len(target.elements) != 2:
                return None
            first, second = target.elements
            if type(first) is not cst.Element or type(second) is not cst.Element:
                return None
            step = first.value  # type: ignore[assignment]
            target = second.value  # type: ignore[assignment]
        if not _every_step(loop.body, frozenset(target_names(target))):
            return None
        given = _bind(call, gen.params)
        if given is None:
            return None
        mentioned, bound = self._scope(fn)
        consumer_targets = frozenset(target_names(loop.target))
        body_bound = bound_in(list(statements_of(loop.body)))
        bindings: list[Statement] = []
        for param, arg in zip(gen.params, given, strict=True):
            same = type(arg) is cst.Name and arg.value == param
            if same and param not in body_bound and param not in bound_in([*gen.pre, gen.loop]):
                continue
            if param in mentioned or param in gen.targets:
                return None
            bindings.append(_assign(cst.Name(param), arg))
        own = gen.bound - frozenset(gen.params)
        shared = _same_name(target, gen.value)
        for name in own & mentioned:  # (code after the ``yield`` reads them after the body)
            if name == shared and name not in body_bound:
                continue  # ``x = x``: the consumer's ``x`` is the generator's
            if name not in gen.targets or name not in consumer_targets or gen.after:
                return None
            if name in bound_in(gen.before):
                return None
        if fn is not None and gen.free & bound:
            return None
        if _STEP in mentioned:
            return None
        value: cst.BaseExpression = gen.value
        if step is not None:
            value = cst.Tuple([cst.Element(cst.Name(_STEP)), cst.Element(value)])
        first_line = _assign(loop.target if step is not None else target, value)
        steps = cst.IndentedBlock(
            body=[
                *gen.before,
                cast(cst.BaseStatement, first_line),
                *statements_of(loop.body),
                *gen.after,
            ]
        )
        merged = loop.with_changes(target=gen.loop.target, iter=gen.loop.iter, body=steps)
        return [*bindings, *gen.pre, merged]


def _same_name(target: cst.BaseExpression, value: cst.BaseExpression) -> str | None:
    """``x`` where the consumer's target and the value yielded are both the name ``x``."""
    if type(target) is cst.Name and type(value) is cst.Name and target.value == value.value:
        return target.value
    return None


def _every_step(body: cst.BaseSuite, received: frozenset[str]) -> bool:
    """The consumer walks the generator to its end and handles what each step yields: its
    body never leaves early (no ``break``, ``continue``, ``return``, ``raise``, ``try``) and
    names each name the yielded value binds in code every step runs (a statement of the body,
    or the head of a compound one). Elsewhere a step's value may be left in flight past the
    loop, which items it holds unknown: not followed."""
    stmts = statements_of(body)
    if any(type(n) in _LEAVING for s in stmts for n in own_nodes(s)):
        return False
    named: set[str] = set()
    for stmt in stmts:
        heads: list[cst.CSTNode] = [stmt] if type(stmt) is cst.SimpleStatementLine else []
        if isinstance(stmt, (cst.If, cst.While)):
            heads.append(stmt.test)
        elif isinstance(stmt, cst.For):
            heads.append(stmt.iter)
        elif isinstance(stmt, cst.With):
            heads.extend(stmt.items)
        named.update(n.value for h in heads for n in own_nodes(h) if type(n) is cst.Name)
    return received <= named


def _generator_call(loop: cst.For) -> tuple[cst.Call | None, bool]:
    """The call ``loop`` walks (``gen(...)``, or inside ``enumerate(...)``), and whether
    ``enumerate`` counts its steps."""
    it = loop.iter
    if type(it) is not cst.Call:
        return None, False
    if type(it.func) is cst.Name and it.func.value == "enumerate":
        if len(it.args) != 1 or it.args[0].keyword is not None or it.args[0].star:
            return None, False
        inner = it.args[0].value
        return (inner, True) if type(inner) is cst.Call else (None, False)
    return it, False


def _bind(call: cst.Call, params: list[str]) -> list[cst.BaseExpression] | None:
    """The argument given to each parameter, in order; None where the call binds otherwise."""
    given: dict[str, cst.BaseExpression] = {}
    for position, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is None:
            if position >= len(params) or params[position] in given:
                return None
            given[params[position]] = arg.value
        elif arg.keyword.value in params and arg.keyword.value not in given:
            given[arg.keyword.value] = arg.value
        else:
            return None
    if set(given) != set(params):
        return None
    return [given[p] for p in params]


def _assign(target: cst.BaseAssignTargetExpression, value: cst.BaseExpression) -> Statement:
    return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], value)])
