"""Module generators resumed by ``next`` (issue 17, round 29G).

A generator object runs its body in pieces: nothing at ``g = gen(args)``, then at each
``next(g)`` the code up to its next ``yield``, whose value ``next`` returns; while suspended it
holds what its locals hold (a plan made before a ``yield`` is alive until the piece after it
runs). For two shapes of a module ``def`` the consumer is analysed with those pieces written
where they run:

* straight code with top-level ``yield`` statements (``plan = tiles(buf); yield; K.fill(plan,
  v).sync()``): ``g = gen(args)`` binds the parameters, the k-th ``next(g)`` (each a statement
  of the block ``g`` is made in, after it, in no loop, nested scope or branch of an
  expression) runs the code before the k-th ``yield`` and is its value; a ``next(g, d)`` past
  the last ``yield`` runs the rest and is ``d`` (a literal);
* ``pre`` then ``while True: yield v``: every ``next(g)`` (anywhere in the scope, loops
  included) is ``v``; ``pre`` runs at the first one, and is written at ``g = gen(args)`` only
  where nothing between reads a name it or the arguments name or calls a function of the
  module (the same effects, in the same order).

The generator's locals become names of the consumer's scope: only where that scope mentions
none of them and binds none of its free names, and the generator object's name is mentioned
only by those ``next`` calls. A rebuilt node is placed by the node it stands for."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.host.generators import bound_in, is_docstring, names_in, statements_of
from tilecheck.host.lazy_code import Statement, candidate_scopes, path_to, rebuilt_with

_REFUSED = (
    cst.Return,
    cst.Await,
    cst.Global,
    cst.Nonlocal,
    cst.FunctionDef,
    cst.ClassDef,
    cst.Lambda,
    cst.Try,
    cst.TryStar,
)
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)


class _Shape:
    """A generator's pieces: ``pieces[k]`` runs before ``values[k]`` is yielded (the last piece,
    after the last ``yield``, yields nothing), or, ``forever``, ``pieces[0]`` then ``values[0]``
    at every resumption."""

    def __init__(
        self,
        fn: cst.FunctionDef,
        pieces: list[list[cst.BaseStatement]],
        values: list[cst.BaseExpression | None],
        forever: bool,
    ) -> None:
        self.fn = fn
        self.pieces = pieces
        self.values = values
        self.forever = forever
        self.params = [p.name.value for p in fn.params.params]
        code = [s for piece in pieces for s in piece]
        self.rebound = bound_in(code)
        self.locals = frozenset(self.params) | self.rebound
        self.free = names_in(fn.body) - self.locals

    def passed_as_is(self, call: cst.Call, later: Sequence[cst.CSTNode]) -> frozenset[str]:
        """Parameters given the consumer's name of the same spelling, which neither side
        rebinds: the consumer's name is the generator's (no binding written)."""
        again = bound_in(later)
        return frozenset(
            p
            for p, a in zip(self.params, call.args, strict=True)
            if type(a.value) is cst.Name
            and a.value.value == p
            and p not in self.rebound
            and p not in again
        )


def _yielded(stmt: cst.BaseStatement) -> tuple[bool, cst.BaseExpression | None]:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False, None
    only = stmt.body[0]
    if type(only) is not cst.Expr or type(only.value) is not cst.Yield:
        return False, None
    value = only.value.value
    if value is not None and not isinstance(value, cst.BaseExpression):
        return False, None  # ``yield from``
    return True, value


def _shape(fn: cst.FunctionDef) -> _Shape | None:
    params = fn.params
    if fn.asynchronous is not None or fn.decorators or params.posonly_params:
        return None
    if params.kwonly_params or params.star_kwarg is not None:
        return None
    if isinstance(params.star_arg, cst.Param) or any(p.default for p in params.params):
        return None
    body = [s for s in statements_of(fn.body) if not is_docstring(s)]
    forever = False
    values: list[cst.BaseExpression | None] = []
    pieces: list[list[cst.BaseStatement]] = [[]]
    tops: list[cst.CSTNode] = []
    last = body[-1] if body else None
    if (
        type(last) is cst.While
        and type(last.test) is cst.Name
        and last.test.value == "True"
        and last.orelse is None
        and len(statements_of(last.body)) == 1
    ):
        only = statements_of(last.body)[0]
        is_yield, value = _yielded(only)
        if not is_yield or value is None:
            return None
        forever = True
        values.append(value)
        tops.append(only)
        body = body[:-1]
    for stmt in body:
        is_yield, value = _yielded(stmt)
        if is_yield:
            values.append(value)
            pieces.append([])
            tops.append(stmt)
        else:
            pieces[-1].append(stmt)
    if not values or (forever and len(pieces) != 1):
        return None
    for stmt in [s for piece in pieces for s in piece]:
        for node in _walk(stmt):
            if isinstance(node, _REFUSED) or type(node) is cst.Yield:
                return None
    for value in values:
        if value is not None and any(
            isinstance(n, _REFUSED) or type(n) is cst.Yield for n in _walk(value)
        ):
            return None
    return _Shape(fn, pieces, values, forever)


def _yields_at_top(fn: cst.FunctionDef) -> bool:
    """A cheap test before ``_shape``: a ``yield`` statement at the body's top level, or a last
    statement ``while True:`` (its statements only, no walk of the body's expressions)."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    if not body:
        return False
    last = body[-1]
    if type(last) is cst.While and type(last.body) is cst.IndentedBlock:
        body = [*body, *last.body.body]
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            small = stmt.body[0]
            if type(small) is cst.Expr and type(small.value) is cst.Yield:
                return True
    return False


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    from tilecheck.syntax.walk import descendants

    return list(descendants(node))


def _made(stmt: Statement, gens: dict[str, _Shape]) -> tuple[str, _Shape, cst.Call] | None:
    """``g = gen(args)`` of a followed generator: ``g``, the shape and the call."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target, call = small.targets[0].target, small.value
    if (
        type(target) is not cst.Name
        or type(call) is not cst.Call
        or type(call.func) is not cst.Name
    ):
        return None
    shape = gens.get(call.func.value)
    if shape is None or len(call.args) != len(shape.params):
        return None
    if any(a.keyword is not None or a.star for a in call.args):
        return None
    return target.value, shape, call


def _bindings(shape: _Shape, call: cst.Call, same: frozenset[str]) -> list[cst.BaseStatement]:
    return [
        cst.SimpleStatementLine(
            body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(p))], value=a.value)]
        )
        for p, a in zip(shape.params, call.args, strict=True)
        if p not in same
    ]


def _block(stmts: Sequence[cst.BaseStatement]) -> cst.BaseStatement:
    body = list(stmts) or [cst.SimpleStatementLine(body=[cst.Pass()])]
    return cst.If(test=cst.Name("True"), body=cst.IndentedBlock(body=body))


def resumed(module: cst.Module) -> tuple[cst.Module, dict[cst.CSTNode, cst.CSTNode]]:
    """The module with each followed generator's pieces written where ``next`` runs them, and
    the rebuilt nodes by the source nodes they stand for."""
    gens: dict[str, _Shape] = {}
    defined: dict[str, int] = {}
    for stmt in module.body:
        if type(stmt) is cst.FunctionDef:
            name = stmt.name.value
            defined[name] = defined.get(name, 0) + 1
            if _yields_at_top(stmt):
                shape = _shape(stmt)
                if shape is not None:
                    gens[name] = shape
    for name, count in defined.items():
        if count > 1:
            gens.pop(name, None)
    if not gens:
        return module, {}
    found: list[tuple[cst.CSTNode, Sequence[Statement], int]] = []
    candidate_scopes(module.body, module, found, lambda s: _made(s, gens) is not None, cst.Call)
    if not found:
        return module, {}
    shadowed = bound_in([module])
    module_defs = {
        s.name.value for s in module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))
    }
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    paths: list[list[cst.CSTNode]] = []
    aliases: dict[cst.CSTNode, cst.CSTNode] = {}
    for scope, block, index in found:
        creation = block[index]
        made = _made(creation, gens)
        assert made is not None
        name, shape, call = made
        if "next" in shadowed or scope is shape.fn:
            continue
        target = creation.body[0].targets[0].target  # type: ignore[union-attr]
        uses = [n for n in _names_of(scope) if n.value == name and n is not target]
        if not uses:
            continue
        # the generator's locals: names the consumer's scope never mentions
        mentioned = _scope_names(scope, shape.fn)
        later = list(block[index + 1 :])
        same = shape.passed_as_is(call, later)
        if (shape.locals - same) & mentioned:
            continue
        if scope is not module and shape.free & bound_in([scope]):
            continue
        use_paths = [path_to(scope, u) for u in uses]
        holder_path = path_to(scope, creation)
        if holder_path is None or any(p is None for p in use_paths):
            continue
        holder = holder_path[-2]
        calls: list[tuple[cst.Call, list[cst.CSTNode]]] = []
        for p in use_paths:
            assert p is not None
            call_of = _next_call(p, name)
            if call_of is None or holder not in p:
                break
            at = p.index(holder) + 1
            if at >= len(p) or p[at] not in later:
                break
            calls.append((call_of, p[at:]))
        else:
            calls.sort(key=lambda c: later.index(c[1][0]))  # type: ignore[arg-type]
            done = (
                _forever(shape, call, same, creation, calls, later, module_defs, replaced, aliases)
                if shape.forever
                else _straight(shape, call, same, creation, calls, later, replaced, aliases)
            )
            if done:
                paths.append(path_to(module, creation) or [])
                paths.extend(path_to(module, c) or [] for c, _ in calls)
    if not replaced:
        return module, {}
    on_path = {id(n) for p in paths for n in p}
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    assert isinstance(rebuilt, cst.Module)
    return rebuilt, aliases


def _names_of(scope: cst.CSTNode) -> list[cst.Name]:
    return [n for n in _walk(scope) if type(n) is cst.Name]


def _scope_names(scope: cst.CSTNode, fn: cst.FunctionDef) -> frozenset[str]:
    if type(scope) is cst.Module:
        return frozenset().union(*(names_in(s) for s in scope.body if s is not fn))
    return names_in(scope)


def _next_call(path: list[cst.CSTNode], name: str) -> cst.Call | None:
    """``next(g)`` / ``next(g, d)`` (``d`` a literal) whose first argument is ``path[-1]``."""
    if len(path) < 3:
        return None
    arg, call = path[-2], path[-3]
    if type(arg) is not cst.Arg or type(call) is not cst.Call:
        return None
    if type(call.func) is not cst.Name or call.func.value != "next" or call.args[0] is not arg:
        return None
    if arg.star or arg.keyword is not None or len(call.args) > 2:
        return None
    if len(call.args) == 2:
        default = call.args[1]
        if default.keyword is not None or default.star or not _literal(default.value):
            return None
    return call


def _literal(expr: cst.BaseExpression) -> bool:
    if type(expr) is cst.Name:
        return expr.value in ("None", "True", "False")
    return isinstance(expr, _LITERALS)


def _value(value: cst.BaseExpression | None) -> cst.BaseExpression:
    return value if value is not None else cst.Name("None")


def _straight(
    shape: _Shape,
    call: cst.Call,
    same: frozenset[str],
    creation: cst.CSTNode,
    calls: list[tuple[cst.Call, list[cst.CSTNode]]],
    later: list[Statement],
    replaced: dict[cst.CSTNode, cst.CSTNode],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> bool:
    """The straight shape: each ``next`` a statement of its own, in order, out of loops."""
    order: list[int] = []
    for next_call, path in calls:
        stmt = path[0]
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            return False
        small = stmt.body[0]
        if type(small) is cst.Expr:
            if small.value is not next_call:
                return False
        elif type(small) is cst.Assign:
            if small.value is not next_call or len(small.targets) != 1:
                return False
        else:
            return False
        order.append(later.index(stmt))
    if order != sorted(set(order)):
        return False
    yields = len(shape.values)
    new: dict[cst.CSTNode, cst.CSTNode] = {creation: _block(_bindings(shape, call, same))}
    kept_of: dict[cst.CSTNode, cst.CSTNode] = {}
    for k, (next_call, path) in enumerate(calls):
        default = next_call.args[1].value if len(next_call.args) == 2 else None
        if k < yields:
            piece, value = shape.pieces[k], _at(_value(shape.values[k]), next_call, aliases)
        elif default is not None:
            piece, value = shape.pieces[k] if k == yields else [], default
        else:
            return False  # StopIteration: not followed
        stmt = path[0]
        assert isinstance(stmt, cst.SimpleStatementLine)
        small = stmt.body[0]
        kept_small = small.with_changes(value=value)
        kept = stmt.with_changes(body=[kept_small])
        kept_of[kept] = stmt
        kept_of[kept_small] = small
        new[stmt] = _block([*piece, kept])
    replaced.update(new)
    aliases.update(kept_of)
    return True


def _forever(
    shape: _Shape,
    call: cst.Call,
    same: frozenset[str],
    creation: cst.CSTNode,
    calls: list[tuple[cst.Call, list[cst.CSTNode]]],
    later: list[Statement],
    module_defs: set[str],
    replaced: dict[cst.CSTNode, cst.CSTNode],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> bool:
    """``pre; while True: yield v``: every ``next(g)`` is ``v``, ``pre`` at the creation."""
    for next_call, path in calls:
        if len(next_call.args) != 1:
            return False
        for node in path[:-3]:
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
    first = min(later.index(path[0]) for _, path in calls)  # type: ignore[arg-type]
    watched = names_in(call) | frozenset().union(*(names_in(s) for s in shape.pieces[0]))
    watched = watched - shape.locals
    between = later[:first]
    for stmt in between:
        names = names_in(stmt)
        if names & watched or names & module_defs:
            return False
    head = later[first]
    if type(head) is cst.For or type(head) is cst.While:
        header = [head.iter, head.target] if isinstance(head, cst.For) else [head.test]
        if frozenset().union(*(names_in(h) for h in header)) & (watched | module_defs):
            return False
        inner = statements_of(head.body)
        if not inner or not any(_holds(inner[0], c) for c, _ in calls):
            return False
        head = inner[0]
    if type(head) is not cst.SimpleStatementLine:
        return False
    uses = [c for c, _ in calls if _holds(head, c)]
    if len(uses) != 1 or not _only_around(head, uses[0]):
        return False
    replaced[creation] = _block([*_bindings(shape, call, same), *shape.pieces[0]])
    for next_call, _ in calls:
        replaced[next_call] = _at(_value(shape.values[0]), next_call, aliases)
    return True


def _at(
    value: cst.BaseExpression, call: cst.Call, aliases: dict[cst.CSTNode, cst.CSTNode]
) -> cst.BaseExpression:
    """The yielded value as the consumer sees it at ``next(...)``: a name (or attribute) is a
    copy placed at the call (a use of it is the consumer's); other code stays the generator's."""
    inner = value
    while type(inner) is cst.Attribute:
        inner = inner.value
    if type(inner) is not cst.Name:
        return value
    copy = value.deep_clone()
    for node in _walk(copy):
        aliases[node] = call
    return copy


def _holds(stmt: cst.CSTNode, node: cst.CSTNode) -> bool:
    return any(n is node for n in _walk(stmt))


def _only_around(stmt: cst.CSTNode, use: cst.Call) -> bool:
    """Every call of ``stmt`` is ``use`` itself, one around it, or one inside it: nothing runs
    before the generator's first piece."""
    path = path_to(stmt, use) or []
    around = {id(n) for n in path}
    inside = {id(n) for n in _walk(use)}
    return all(id(n) in around or id(n) in inside for n in _walk(stmt) if type(n) is cst.Call)
