"""Every name of a module with the node it lies in and how often it is bound, read in one walk
(for the lowerings that write a call of a value as the direct call it is: ``table_calls``,
``callable_params``). A name bound exactly once in the whole module (its ``def``, its one
assignment) is the value of that binding wherever it is read and not shadowed."""

from __future__ import annotations

from collections import defaultdict

import libcst as cst

from tilecheck.syntax.walk import children, descendants

# Where a node binds a name: the field of the binding node that holds the target.
TARGETS: dict[type, str] = {
    cst.AssignTarget: "target",
    cst.AnnAssign: "target",
    cst.AugAssign: "target",
    cst.For: "target",
    cst.CompFor: "target",
    cst.NamedExpr: "target",
    cst.Param: "name",
    cst.AsName: "name",
    cst.FunctionDef: "name",
    cst.ClassDef: "name",
    cst.Del: "target",
    cst.ImportAlias: "name",
    cst.NameItem: "name",
    cst.MatchAs: "name",
    cst.MatchStar: "name",
    cst.MatchMapping: "rest",
}
# The nodes that open a scope of their own.
SCOPES = (
    cst.FunctionDef,
    cst.ClassDef,
    cst.Lambda,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
)


class ModuleNames:
    """Every name of the module with the node it lies in, how often it is bound, the calls
    of a subscript (``table[key](...)``), the ``for`` loops, and each node's parent."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.uses: dict[str, list[tuple[cst.Name, cst.CSTNode]]] = defaultdict(list)
        self.binds: dict[str, int] = defaultdict(int)
        self.calls: list[cst.Call] = []
        self.loops: list[cst.For] = []
        self.parent_of: dict[int, cst.CSTNode] = {}
        parent_of = self.parent_of
        stack: list[cst.CSTNode] = [module]
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is cst.Name:
                name = cst.ensure_type(node, cst.Name)
                parent = parent_of.get(id(node), module)
                self.uses[name.value].append((name, parent))
                if binds(name, parent, parent_of):
                    self.binds[name.value] += 1
                continue
            if kind is cst.Call and type(cst.ensure_type(node, cst.Call).func) is cst.Subscript:
                self.calls.append(cst.ensure_type(node, cst.Call))
            elif kind is cst.For:
                self.loops.append(cst.ensure_type(node, cst.For))
            for child in children(node):
                parent_of[id(child)] = node
                stack.append(child)

    def once(self, name: str) -> bool:
        """``name`` is bound exactly once in the module."""
        return self.binds.get(name, 0) == 1

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.parent_of.get(id(node))

    def scopes_around(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """The scopes ``node`` lies in, innermost first (the module's own code: none)."""
        out: list[cst.CSTNode] = []
        current = self.parent_of.get(id(node))
        while current is not None:
            if isinstance(current, SCOPES):
                out.append(current)
            current = self.parent_of.get(id(current))
        return out

    def top_statement(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The module statement ``node`` lies in."""
        current: cst.CSTNode | None = node
        while current is not None:
            parent = self.parent_of.get(id(current))
            if parent is self.module:
                return current
            current = parent
        return None


def binds(name: cst.Name, parent: cst.CSTNode, parent_of: dict[int, cst.CSTNode]) -> bool:
    """Whether ``name`` (whose parent is ``parent``) is a target a binding binds."""
    node: cst.CSTNode = name
    while type(parent) in (cst.Element, cst.StarredElement, cst.Tuple, cst.List):
        node, parent = parent, parent_of.get(id(parent), parent)
        if parent is node:
            return False
    field = TARGETS.get(type(parent))
    if field is None:
        return False
    if type(parent) is cst.ImportAlias:
        held = cst.ensure_type(parent, cst.ImportAlias)
        return held.asname is None and held.name is node
    return getattr(parent, field, None) is node


def bound_in(body: cst.CSTNode) -> set[str]:
    """The names ``body`` may bind (any target, at any depth; more is safe)."""
    out: set[str] = set()
    for node in descendants(body):
        field = TARGETS.get(type(node))
        target = getattr(node, field, None) if field is not None else None
        if isinstance(target, cst.CSTNode):
            out.update(n.value for n in descendants(target) if type(n) is cst.Name)
    return out


def scope_binds(scope: cst.CSTNode) -> set[str]:
    """The names a scope binds for itself: its parameters and what its body binds (a
    comprehension: its targets; more is safe)."""
    if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
        params = scope.params
        out = {p.name.value for p in (*params.posonly_params, *params.params)}
        out.update(p.name.value for p in params.kwonly_params)
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                out.add(star.name.value)
        return out | bound_in(scope.body)
    return bound_in(scope)
