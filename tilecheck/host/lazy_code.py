"""Generator expressions as code their consumer runs (issue 17, round 29G).

A generator expression runs nothing where it is written but its first iterable: each element
is computed when the consumer draws it. Two facts follow, one per function here.

* ``moved(module)``: ``name = (elt for x in xs)`` consumed once, later, in the same block (a
  ``for`` over it, ``enumerate``/``zip`` of it in a ``for``'s head, ``list``/``sum``/... of
  it) is analysed with the generator expression written at its consumer and the definition a
  ``pass``: ``reads = (o.to_numpy() for o in outs)`` made before ``pend.wait()`` and drawn
  after it reads after the wait; ``(tr.empty(...) for ...)`` drawn inside ``tr.graph()``
  allocates in the capture. Exact where Python's own order is: the name is mentioned nowhere
  else in its scope (nor by any other scope), the consumer is no loop body nor nested scope
  (it runs once), and the first iterable, the one part Python evaluates at the definition, is
  a plain value (names, attributes, items, ``range``/``enumerate``/``zip``/``.items()`` of
  them) whose names nothing between rebinds. The nodes keep their own: a rebuilt ancestor is
  placed by the node it replaces (``aliases``). Drawn by ``next`` first (round 31N,
  ``tilecheck.host.drawn_items``): each ``next(name)`` is the element of the k-th item of its
  list, the consumer of the rest walks the list from there.
* ``drawn_at_once(ctx)``: the generator expressions a consumer draws right where they are
  written (the head of a ``for``, ``enumerate``/``zip`` there, ``list``/``tuple``/``sum``/
  ``sorted``/... of one): their code runs there, not "later, elsewhere", so a capture around
  them sees what they make or run (``BodyAnalysis._comprehension``'s ``lazy``)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import libcst as cst

from tilecheck.host.library_spec import Does, named
from tilecheck.syntax.walk import descendants

Statement = cst.BaseStatement | cst.BaseSmallStatement

# Builtins that draw every element of their argument at once (``any``/``all`` may stop early:
# what they draw, they draw there).
_EAGER = ("list", "tuple", "sorted", "sum", "set", "frozenset", "min", "max", "any", "all", "dict")
# ``itertools.tee(g)``: drawn at its first copy's walk, taken here (``library_spec``, 30L)
_DRAWN_CALLS = frozenset(f"builtins.{n}" for n in _EAGER) | named(Does.COPIES)
_HEADS = frozenset({"builtins.enumerate", "builtins.zip"})
# What a first iterable moved to the consumer may call: nothing with effects of its own.
_PURE_CALLS = frozenset({"range", "enumerate", "zip", "reversed", "len"})
_PURE_METHODS = frozenset({"items", "values", "keys"})
# Nodes a consumer must not lie under (it would run more than once, or in another scope).
_SCOPES = (
    cst.FunctionDef,
    cst.ClassDef,
    cst.Lambda,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
    cst.While,
)


def _blocks(stmt: cst.CSTNode) -> list[Sequence[Statement]]:
    """The statement lists directly inside a compound statement (not nested scopes)."""
    out: list[Sequence[Statement]] = []
    body = getattr(stmt, "body", None)
    if type(body) is cst.IndentedBlock:
        out.append(body.body)
    orelse = getattr(stmt, "orelse", None)
    if orelse is not None:
        if type(orelse) is cst.If:  # ``elif``
            out.extend(_blocks(orelse))
        elif type(orelse.body) is cst.IndentedBlock:
            out.append(orelse.body.body)
    kind = type(stmt)
    if kind is cst.Try or kind is cst.TryStar:
        for handler in stmt.handlers:  # type: ignore[attr-defined]
            if type(handler.body) is cst.IndentedBlock:
                out.append(handler.body.body)
        final = stmt.finalbody  # type: ignore[attr-defined]
        if final is not None and type(final.body) is cst.IndentedBlock:
            out.append(final.body.body)
    elif kind is cst.Match:
        for case in stmt.cases:  # type: ignore[attr-defined]
            if type(case.body) is cst.IndentedBlock:
                out.append(case.body.body)
    return out


def _defined(stmt: Statement) -> tuple[str, cst.GeneratorExp] | None:
    """``name = (generator expression)``, a statement of its own."""
    small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine else None
    if type(small) is not cst.Assign or type(small.value) is not cst.GeneratorExp:
        return None
    if len(stmt.body) != 1 or len(small.targets) != 1:  # type: ignore[union-attr]
        return None
    target, value = small.targets[0].target, small.value
    if type(target) is not cst.Name or type(value) is not cst.GeneratorExp:
        return None
    return target.value, value


def candidate_scopes(
    body: Sequence[Statement],
    scope: cst.CSTNode,
    out: list[tuple[cst.CSTNode, Sequence[Statement], int]],
    test: Callable[[Statement], bool],
    value: type[cst.BaseExpression] = cst.GeneratorExp,
) -> None:
    """Each simple statement ``name = <value>`` that ``test`` accepts with its scope, block and
    index (statements only: cheap), functions and methods as scopes of their own."""
    stack: list[tuple[Sequence[Statement], cst.CSTNode]] = [(body, scope)]
    while stack:
        block, owner = stack.pop()
        for i, stmt in enumerate(block):
            kind = type(stmt)
            if kind is cst.SimpleStatementLine:
                small = stmt.body[0]  # type: ignore[union-attr]
                if type(small) is cst.Assign and type(small.value) is value and test(stmt):
                    out.append((owner, block, i))
            elif kind is cst.FunctionDef:
                inner = stmt.body  # type: ignore[union-attr]
                if type(inner) is cst.IndentedBlock:
                    stack.append((inner.body, stmt))
            elif kind is cst.ClassDef:
                inner = stmt.body  # type: ignore[union-attr]
                if type(inner) is cst.IndentedBlock:  # its methods (the body itself: no)
                    for method in inner.body:
                        if (
                            type(method) is cst.FunctionDef
                            and type(method.body) is cst.IndentedBlock
                        ):
                            stack.append((method.body.body, method))
            else:
                stack.extend((b, owner) for b in _blocks(stmt))


def path_to(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The nodes from ``root`` down to ``target`` (both included)."""
    stack: list[tuple[cst.CSTNode, int]] = [(root, 0)]
    path: list[cst.CSTNode] = []
    while stack:
        node, depth = stack.pop()
        del path[depth:]
        path.append(node)
        if node is target:
            return path
        stack.extend((child, depth + 1) for child in reversed(_children(node)))
    return None


def _children(node: cst.CSTNode) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []
    for field in dataclasses.fields(node):
        value = getattr(node, field.name)
        if isinstance(value, cst.CSTNode):
            out.append(value)
        elif isinstance(value, (tuple, list)):
            out.extend(v for v in value if isinstance(v, cst.CSTNode))
    return out


def _names(node: cst.CSTNode) -> Iterator[cst.Name]:
    return (n for n in descendants(node) if type(n) is cst.Name)


def _bound(nodes: Sequence[cst.CSTNode]) -> set[str]:
    """Names the code of ``nodes`` may bind (any depth; more is safe)."""
    from tilecheck.host.generators import bound_in

    return set(bound_in(nodes))


def _pure(expr: cst.BaseExpression, shadowed: set[str]) -> bool:
    """A first iterable that may be evaluated later with the same value: names, attributes,
    items and the builtins that only wrap them."""
    for node in descendants(expr):
        kind = type(node)
        if kind in (cst.Await, cst.Yield, cst.NamedExpr, cst.Lambda):
            return False
        if kind is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Name:
                if func.value not in _PURE_CALLS or func.value in shadowed:
                    return False
            elif type(func) is not cst.Attribute or func.attr.value not in _PURE_METHODS:
                return False
        elif kind in (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp):
            return False
    return True


def _consumer(path: list[cst.CSTNode], shadowed: set[str]) -> bool:
    """The use (``path[-1]``) is drawn by a consumer run once: the head of a ``for``, or a
    builtin that draws every element, in code that is no loop body nor nested scope."""
    use = path[-1]
    parent = path[-2] if len(path) > 1 else None
    grand = path[-3] if len(path) > 2 else None
    ok = False
    if type(parent) is cst.For and parent.iter is use and parent.asynchronous is None:
        ok = True
    elif type(parent) is cst.Arg and parent.keyword is None and parent.star == "":
        call = grand
        if (
            type(call) is cst.Call
            and type(call.func) is cst.Name
            and call.func.value not in shadowed
        ):
            name = call.func.value
            first = call.args[0] is parent
            if name in _EAGER and first:
                ok = True
            elif name in ("enumerate", "zip") and len(path) > 3:
                head = path[-4]
                ok = type(head) is cst.For and head.iter is call and head.asynchronous is None
    if not ok:
        return False
    for node, below in itertools.pairwise(path):
        if isinstance(node, _SCOPES):
            return False
        if type(node) is cst.For and below is not node.iter:
            return False
    return True


def moved(module: cst.Module) -> tuple[cst.Module, dict[cst.CSTNode, cst.CSTNode]]:
    """The module with each followed ``name = (genexpr)`` written at its one consumer (above),
    and the rebuilt nodes by the source nodes they stand for."""
    found: list[tuple[cst.CSTNode, Sequence[Statement], int]] = []
    candidate_scopes(module.body, module, found, lambda s: _defined(s) is not None)
    if not found:
        return module, {}
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    paths: list[list[cst.CSTNode]] = []
    shadowed: set[str] | None = None
    aliases: dict[cst.CSTNode, cst.CSTNode] = {}
    for scope, block, index in found:
        definition = block[index]
        named = _defined(definition)
        assert named is not None
        name, gen = named
        if any(f.asynchronous is not None for f in _clauses(gen)):
            continue
        bound = definition.body[0].targets[0].target  # type: ignore[union-attr]
        uses = [n for n in _names(scope) if n.value == name and n is not bound]
        if not uses:
            continue
        if shadowed is None:
            shadowed = _bound([module])
        if len(uses) > 1 or _drawn_by_next(uses[0], scope):
            drawn = _next_draws(scope, block, index, gen, uses, shadowed, module, aliases)
            if drawn is not None:
                replaced.update(drawn)
                replaced[definition] = cst.SimpleStatementLine(body=[cst.Pass()])
                paths.append(path_to(module, definition) or [])
                paths.extend(path_to(module, n) or [] for n in drawn)
            continue
        use = uses[0]
        to_use = path_to(scope, use)
        to_definition = path_to(scope, definition)
        if to_use is None or to_definition is None:
            continue
        holder = to_definition[-2]
        if holder not in to_use:
            continue
        at = to_use.index(holder) + 1
        later = [s for s in block[index + 1 :]]
        if at >= len(to_use) or to_use[at] not in later:
            continue
        if not _consumer(to_use[at:], shadowed):
            continue
        iterable = gen.for_in.iter
        moved_names = {n.value for n in _names(iterable)}
        between = later[: later.index(to_use[at]) + 1]  # type: ignore[arg-type]
        if moved_names & _bound(between) or not _pure(iterable, shadowed):
            continue
        if scope is module and moved_names & _declared(module):
            continue
        replaced[definition] = cst.SimpleStatementLine(body=[cst.Pass()])
        replaced[use] = gen
        paths.append(path_to(module, definition) or [])
        paths.append(path_to(module, use) or [])
    if not replaced:
        return module, {}
    on_path = {id(n) for p in paths for n in p}
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    assert isinstance(rebuilt, cst.Module)
    return rebuilt, aliases


def _drawn_by_next(use: cst.Name, scope: cst.CSTNode) -> bool:
    """A cheap test: ``use`` is the argument of a ``next(...)`` call (round 31N)."""
    for node in descendants(scope):
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == "next":
            if any(a.value is use for a in node.args):
                return True
    return False


def _next_draws(
    scope: cst.CSTNode,
    block: Sequence[Statement],
    index: int,
    gen: cst.GeneratorExp,
    uses: list[cst.Name],
    shadowed: set[str],
    module: cst.Module,
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> dict[cst.CSTNode, cst.CSTNode] | None:
    """``drawn_items.drawn_by_next``'s replacements for ``gen`` defined at ``block[index]``
    (the last use may be a consumer of the rest, as ``moved`` reads one)."""
    from tilecheck.host.drawn_items import drawn_by_next

    definition = block[index]
    to_definition = path_to(scope, definition)
    paths = [path_to(scope, u) for u in uses]
    if to_definition is None or any(p is None for p in paths):
        return None
    holder = to_definition[-2]
    later = list(block[index + 1 :])
    tops = []
    for path in paths:
        assert path is not None
        at = path.index(holder) + 1 if holder in path else len(path)
        if at >= len(path) or path[at] not in later:
            return None
        tops.append(later.index(path[at]))  # type: ignore[arg-type]
    ordered = sorted(range(len(uses)), key=tops.__getitem__)
    uses = [uses[i] for i in ordered]
    paths = [paths[i] for i in ordered]
    last = paths[-1]
    assert last is not None
    consumer = _consumer(last[last.index(holder) + 1 :], shadowed)
    counts = {n: c for n, c in Counter(_bound_names(scope)).items() if c > 1}
    rebound = set(counts) | (_declared(module) if scope is module else set())
    return drawn_by_next(
        gen,
        uses,
        paths,  # type: ignore[arg-type]
        holder,
        block[:index],
        later,
        rebound,
        consumer,
        aliases,
        (path_to, rebuilt_with),
    )


def _bound_names(scope: cst.CSTNode) -> Iterator[str]:
    """Each binding of a name in ``scope`` (assignment targets, ``for`` targets, ``with``/
    ``except`` names, imports, parameters), once per binding."""
    from tilecheck.syntax.nodes import target_names

    for node in descendants(scope):
        kind = type(node)
        if kind is cst.AssignTarget or kind is cst.AugAssign or kind is cst.AnnAssign:
            yield from target_names(node.target)  # type: ignore[attr-defined]
        elif kind is cst.For or kind is cst.CompFor:
            yield from target_names(node.target)  # type: ignore[attr-defined]
        elif kind is cst.NamedExpr:
            yield from target_names(node.target)  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            yield from target_names(node.name)  # type: ignore[attr-defined]
        elif kind is cst.Param:
            yield node.name.value  # type: ignore[attr-defined]


def _clauses(gen: cst.GeneratorExp) -> Iterator[cst.CompFor]:
    clause: cst.CompFor | None = gen.for_in
    while clause is not None:
        yield clause
        clause = clause.inner_for_in


def _declared(module: cst.Module) -> set[str]:
    out: set[str] = set()
    for node in descendants(module):
        if type(node) is cst.Global or type(node) is cst.Nonlocal:
            out.update(a.name.value for a in node.names)
    return out


def rebuilt_with(
    node: cst.CSTNode,
    replaced: dict[cst.CSTNode, cst.CSTNode],
    on_path: set[int],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.CSTNode:
    if node in replaced:
        return replaced[node]
    if id(node) not in on_path:
        return node
    changes: dict[str, object] = {}
    for field in dataclasses.fields(node):
        value = getattr(node, field.name)
        if isinstance(value, cst.CSTNode):
            new = rebuilt_with(value, replaced, on_path, aliases)
            if new is not value:
                changes[field.name] = new
        elif isinstance(value, (tuple, list)):
            items = [
                rebuilt_with(v, replaced, on_path, aliases) if isinstance(v, cst.CSTNode) else v
                for v in value
            ]
            if any(a is not b for a, b in zip(items, value, strict=True)):
                changes[field.name] = type(value)(items)
    if not changes:
        return node
    new_node = node.with_changes(**changes)
    aliases[new_node] = node
    return new_node


def drawn_at_once(
    nodes: Sequence[cst.CSTNode], canonical: Callable[[cst.BaseExpression], str | None]
) -> frozenset[int]:
    """The ids of the generator expressions a consumer draws where they are written."""
    out: set[int] = set()
    for node in nodes:
        kind = type(node)
        if kind is cst.For:
            head = node.iter  # type: ignore[attr-defined]
            if node.asynchronous is not None:  # type: ignore[attr-defined]
                continue
            if type(head) is cst.GeneratorExp:
                out.add(id(head))
            elif type(head) is cst.Call and canonical(head.func) in _HEADS:
                out.update(
                    id(a.value)
                    for a in head.args
                    if type(a.value) is cst.GeneratorExp and not a.star
                )
        elif kind is cst.Call:
            args = node.args  # type: ignore[attr-defined]
            if not args or type(args[0].value) is not cst.GeneratorExp or args[0].star:
                continue
            if canonical(node.func) in _DRAWN_CALLS:  # type: ignore[attr-defined,operator]
                out.add(id(args[0].value))
    return frozenset(out)
