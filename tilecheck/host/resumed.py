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

Round 31N: one piece sequence for every shape (``_Shape.piece``): besides those two, ``pre``
then ``while True:`` with any body holding top-level ``yield``s (its segments between them,
round and round) and ``pre`` then ``for t in xs:`` over a parameter given a list or tuple (the
same, each turn starting with ``t = xs[r]``: a list iterator is an index into the list), each
resumed by straight ``next(g)``/``g.send(v)`` statements as the straight shape is.
``t = yield v`` binds ``t`` to what resumes it: ``send``'s value (evaluated first, as Python
does), ``None`` for ``next``; a value sent to a generator not started is not followed
(TypeError).

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
_LEAVES = (cst.Break, cst.Continue)  # in a ``while True:`` body: the loop may end
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)


class _Shape:
    """A generator's pieces: ``pieces[k]`` runs before ``values[k]`` is yielded (the last piece,
    after the last ``yield``, yields nothing), or, ``forever``, ``pieces[0]`` then ``values[0]``
    at every resumption, or, ``cycle`` (``pre; while True: <body with yields>``, round 31N),
    ``pieces[0]`` (``pre``) then the loop body's segments between its ``yield``s, round and
    round. ``targets[k]``: the name ``t = yield v`` binds to what resumes it (``send``'s value,
    ``None`` for ``next``)."""

    def __init__(
        self,
        fn: cst.FunctionDef,
        pieces: list[list[cst.BaseStatement]],
        values: list[cst.BaseExpression | None],
        forever: bool,
        targets: list[str | None],
        cycle: list[list[cst.BaseStatement]] | None = None,
        over: tuple[cst.For, str, str] | None = None,
    ) -> None:
        self.fn = fn
        self.pieces = pieces
        self.values = values
        self.forever = forever
        self.targets = targets
        self.cycle = cycle
        # ``for t in xs:`` in place of ``while True:`` (``xs`` a parameter given a list): the
        # loop, ``t`` and ``xs``; round r binds ``t = xs[r]`` (a list iterator is an index)
        self.over = over
        self.placed: dict[cst.CSTNode, cst.CSTNode] = {}  # made nodes by the ones they stand for
        self.params = [p.name.value for p in fn.params.params]
        code = [s for piece in (*pieces, *(cycle or ())) for s in piece]
        self.rebound = bound_in(code) | {t for t in targets if t is not None}
        if over is not None:
            self.rebound |= {over[1]}
        self.locals = frozenset(self.params) | self.rebound
        self.free = names_in(fn.body) - self.locals

    def piece(
        self, k: int
    ) -> tuple[list[cst.BaseStatement], cst.BaseExpression | None, str | None] | None:
        """What the k-th resumption runs, the value it yields (``None``: it runs the rest and
        stops) and the name the ``yield`` it resumes binds; ``None``: past the end."""
        resumed = self.targets[k - 1] if k else None
        if self.cycle is None:
            if k > len(self.values):
                return None
            value = self.values[k] if k < len(self.values) else None
            return self.pieces[k], value, resumed
        if k == 0:
            return [*self.pieces[0], *self._turn(0), *self.cycle[0]], self.values[0], None
        n = len(self.values)
        i = (k - 1) % n  # the ``yield`` it resumes
        turn = self._turn((k - 1) // n + 1) if i + 1 == n else []
        code = self.cycle[i + 1] + (turn + self.cycle[0] if i + 1 == n else [])
        return code, self.values[(i + 1) % n], self.targets[i]

    def _turn(self, r: int) -> list[cst.BaseStatement]:
        """``t = xs[r]``: the r-th turn of a ``for`` shape's loop starts (placed at its head)."""
        if self.over is None:
            return []
        loop, target, items = self.over
        index = cst.SubscriptElement(cst.Index(cst.Integer(str(r))))
        value = cst.Subscript(value=cst.Name(items), slice=[index])
        assign = cst.Assign(targets=[cst.AssignTarget(cst.Name(target))], value=value)
        stmt = cst.SimpleStatementLine(body=[assign])
        self.placed.update((n, loop.iter) for n in _walk(stmt))
        return [stmt]

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


def _yielded(stmt: cst.BaseStatement) -> tuple[bool, cst.BaseExpression | None, str | None]:
    """A ``yield [v]`` statement or ``t = yield [v]`` (``t`` a name): its value and ``t``."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False, None, None
    only, target = stmt.body[0], None
    if type(only) is cst.Assign and len(only.targets) == 1:
        if type(only.targets[0].target) is not cst.Name:
            return False, None, None
        target = only.targets[0].target.value
    elif type(only) is not cst.Expr:
        return False, None, None
    if type(only.value) is not cst.Yield:
        return False, None, None
    value = only.value.value
    if value is not None and not isinstance(value, cst.BaseExpression):
        return False, None, None  # ``yield from``
    return True, value, target


def _split(
    body: Sequence[cst.BaseStatement],
) -> tuple[list[list[cst.BaseStatement]], list[cst.BaseExpression | None], list[str | None]]:
    """``body``'s statements between its top-level ``yield`` statements, their values and
    targets."""
    pieces: list[list[cst.BaseStatement]] = [[]]
    values: list[cst.BaseExpression | None] = []
    targets: list[str | None] = []
    for stmt in body:
        is_yield, value, target = _yielded(stmt)
        if is_yield:
            values.append(value)
            targets.append(target)
            pieces.append([])
        else:
            pieces[-1].append(stmt)
    return pieces, values, targets


def _shape(fn: cst.FunctionDef) -> _Shape | None:
    params = fn.params
    if fn.asynchronous is not None or fn.decorators or params.posonly_params:
        return None
    if params.kwonly_params or params.star_kwarg is not None:
        return None
    if isinstance(params.star_arg, cst.Param) or any(p.default for p in params.params):
        return None
    body = [s for s in statements_of(fn.body) if not is_docstring(s)]
    last = body[-1] if body else None
    loop: list[list[cst.BaseStatement]] | None = None
    over: tuple[cst.For, str, str] | None = None
    if (
        type(last) is cst.While
        and type(last.test) is cst.Name
        and last.test.value == "True"
        and last.orelse is None
    ) or (type(last) is cst.For and _walked(last, fn)):
        loop, values, targets = _split(statements_of(last.body))
        body = body[:-1]
        if not values:
            return None
        if type(last) is cst.For:
            over = (last, last.target.value, last.iter.value)  # type: ignore[attr-defined]
    pieces, top_values, top_targets = _split(body)
    if loop is not None:
        if top_values:
            return None
        if len(values) == 1 and targets[0] is None and values[0] is not None:
            if not loop[0] and not loop[1] and over is None:  # ``while True: yield v``
                return _checked(_Shape(fn, pieces, values, True, targets))
        for stmt in [s for seg in loop for s in seg]:
            if any(isinstance(n, _LEAVES) for n in _walk(stmt)):
                return None
        return _checked(_Shape(fn, pieces, values, False, targets, loop, over))
    if not top_values:
        return None
    return _checked(_Shape(fn, pieces, top_values, False, top_targets))


def _walked(loop: cst.For, fn: cst.FunctionDef) -> bool:
    """``for t in xs:`` (no ``else``), ``t`` a name and ``xs`` a parameter."""
    if loop.orelse is not None or loop.asynchronous is not None:
        return False
    if type(loop.target) is not cst.Name or type(loop.iter) is not cst.Name:
        return False
    return loop.iter.value in {p.name.value for p in fn.params.params}


def _checked(shape: _Shape) -> _Shape | None:
    """``shape`` where no piece has a ``yield`` but its own or code that is not followed."""
    pieces, values = shape.pieces, shape.values
    for stmt in [s for piece in (*pieces, *(shape.cycle or ())) for s in piece]:
        for node in _walk(stmt):
            if isinstance(node, _REFUSED) or type(node) is cst.Yield:
                return None
    for value in values:
        if value is not None and any(
            isinstance(n, _REFUSED) or type(n) is cst.Yield for n in _walk(value)
        ):
            return None
    return shape


def _yields_at_top(fn: cst.FunctionDef) -> bool:
    """A cheap test before ``_shape``: a ``yield`` statement at the body's top level, or a last
    statement ``while True:`` (its statements only, no walk of the body's expressions)."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    if not body:
        return False
    last = body[-1]
    if (type(last) is cst.While or type(last) is cst.For) and type(last.body) is cst.IndentedBlock:
        body = [*body, *last.body.body]
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            small = stmt.body[0]
            if type(small) is cst.Expr or type(small) is cst.Assign:
                if type(small.value) is cst.Yield:
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
            done = _listed_over(shape, call, block[:index]) and (
                _forever(shape, call, same, creation, calls, later, module_defs, replaced, aliases)
                if shape.forever
                else _straight(shape, call, same, creation, calls, later, replaced, aliases)
            )
            if done:
                aliases.update(shape.placed)
                paths.append(path_to(module, creation) or [])
                paths.extend(path_to(module, c) or [] for c, _ in calls)
    if not replaced:
        return module, {}
    on_path = {id(n) for p in paths for n in p}
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    assert isinstance(rebuilt, cst.Module)
    return rebuilt, aliases


def _listed_over(shape: _Shape, call: cst.Call, earlier: Sequence[Statement]) -> bool:
    """A ``for`` shape's list: the parameter it walks is given a name bound to a list or
    tuple before (``drawn_items.listed``) and rebinds it nowhere."""
    if shape.over is None:
        return True
    from tilecheck.host.drawn_items import listed

    items = shape.over[2]
    if items in bound_in([s for piece in (*shape.pieces, *(shape.cycle or ())) for s in piece]):
        return False
    given = call.args[shape.params.index(items)].value
    return type(given) is cst.Name and listed(given.value, earlier)


def _names_of(scope: cst.CSTNode) -> list[cst.Name]:
    return [n for n in _walk(scope) if type(n) is cst.Name]


def _scope_names(scope: cst.CSTNode, fn: cst.FunctionDef) -> frozenset[str]:
    if type(scope) is cst.Module:
        return frozenset().union(*(names_in(s) for s in scope.body if s is not fn))
    return names_in(scope)


def _next_call(path: list[cst.CSTNode], name: str) -> cst.Call | None:
    """``next(g)`` / ``next(g, d)`` (``d`` a literal) whose first argument is ``path[-1]``, or
    ``g.send(v)`` (round 31N)."""
    if len(path) < 3:
        return None
    arg, call = path[-2], path[-3]
    if type(arg) is cst.Attribute and arg.attr.value == "send" and type(call) is cst.Call:
        if call.func is not arg or len(call.args) != 1:
            return None
        sent = call.args[0]
        return call if sent.keyword is None and not sent.star else None
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
    new: dict[cst.CSTNode, cst.CSTNode] = {creation: _block(_bindings(shape, call, same))}
    kept_of: dict[cst.CSTNode, cst.CSTNode] = {}
    for k, (next_call, path) in enumerate(calls):
        sends = type(next_call.func) is cst.Attribute
        sent = next_call.args[0].value if sends else None
        if k == 0 and sent is not None and not (type(sent) is cst.Name and sent.value == "None"):
            return False  # a value sent to a generator not started: TypeError
        default = next_call.args[1].value if len(next_call.args) == 2 else None
        found = shape.piece(k)
        if found is None and (default is None or sends):
            return False  # past the end: StopIteration, not followed
        code, yielded, resumed = found if found is not None else ([], None, None)
        piece = [*_sent(resumed, sent), *code]
        if k < len(shape.values) or shape.cycle is not None:
            value = _at(_value(yielded), next_call, aliases)
        elif default is not None and not sends:
            value = default
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
        if len(next_call.args) != 1 or type(next_call.func) is not cst.Name:
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


def _sent(name: str | None, sent: cst.BaseExpression | None) -> list[cst.BaseStatement]:
    """``name = <sent>`` where the resumed ``yield`` binds ``name`` (``None`` for ``next``);
    else the sent value alone, evaluated as Python does before resuming."""
    if name is not None:
        value = sent if sent is not None else cst.Name("None")
        assign = cst.Assign(targets=[cst.AssignTarget(cst.Name(name))], value=value)
        return [cst.SimpleStatementLine(body=[assign])]
    return [cst.SimpleStatementLine(body=[cst.Expr(sent)])] if sent is not None else []


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
