"""List attributes a class starts empty and grows with tensors it makes (round 22L):
``self.outputs = []`` (or ``list()``, or a dataclass field ``outputs: list[Tensor] =
field(default_factory=list)``), given nothing but empty lists anywhere in the class and the
module's classes related to it, and ``self.outputs.append(out)`` where ``out`` is a tensor the
method makes (``out = tr.zeros(n)``, bound so only) or a parameter annotated ``Tensor`` the
method never rebinds. Nothing else puts an item there: no ``extend``, ``insert``, item store
or ``+=`` through ``self``. Such an attribute is a container of tensors
(``ClassInfo.containers``): a method's read of its items is a read of "a tensor of
``self.outputs``", which the caller maps to the items it knows (those an appending method's
summary gave it, ``Summary.appends``)."""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from tilecheck.host import api
from tilecheck.host.indices import Turn
from tilecheck.host.model import ObjInfo
from tilecheck.host.summary import Target
from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children

_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
# list methods that put what the method does not make into the list
_FILLS = frozenset({"extend", "insert", "__setitem__", "__iadd__", "appendleft"})


def empty_fields(lineage: Iterable[cst.ClassDef]) -> set[str]:
    """The class-body fields ``x: T = field(default_factory=list)``."""
    found: set[str] = set()
    for cls in lineage:
        for stmt in cls.body.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if type(small) is not cst.AnnAssign or type(small.target) is not cst.Name:
                    continue
                value = small.value
                if type(value) is not cst.Call:
                    continue
                dotted = dotted_name(value.func)
                factories = [a.value for a in value.args if a.keyword is not None]
                if (
                    dotted is not None
                    and dotted.split(".")[-1] == "field"
                    and any(
                        type(a.value) is cst.Name
                        and a.value.value == "list"
                        and a.keyword is not None
                        and a.keyword.value == "default_factory"
                        for a in value.args
                    )
                    and len(factories) == len(value.args)
                ):
                    found.add(small.target.value)
    return found


def tensor_lists(
    methods: Iterable[tuple[cst.FunctionDef, str]],
    candidates: frozenset[str],
    resolver: NameResolver,
) -> frozenset[str]:
    """Those of ``candidates`` (attributes given only empty lists) that the ``methods`` (each
    with its ``self``) append tensors to, and put nothing else into."""
    grown: set[str] = set()
    spoiled: set[str] = set()
    for fn, me in methods:
        binds = _bindings(fn, resolver)
        stack: list[cst.CSTNode] = [fn.body]
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is cst.Call:
                attr, method = _list_call(node, me)  # type: ignore[arg-type]
                if attr in candidates and method == "append":
                    value = node.args[0].value if len(node.args) == 1 else None  # type: ignore[attr-defined]
                    if _tensor(value, binds, resolver):
                        grown.add(attr)
                    else:
                        spoiled.add(attr)
                elif attr in candidates and method in _FILLS:
                    spoiled.add(attr)
            elif kind is cst.AugAssign or kind is cst.Assign:
                targets = (
                    [node.target]  # type: ignore[attr-defined]
                    if kind is cst.AugAssign
                    else [t.target for t in node.targets]  # type: ignore[attr-defined]
                )
                for target in targets:
                    item = target.value if type(target) is cst.Subscript else None
                    held = item if item is not None else target
                    if (
                        type(held) is cst.Attribute
                        and type(held.value) is cst.Name
                        and held.value.value == me
                        and held.attr.value in candidates
                        and (item is not None or kind is cst.AugAssign)
                    ):
                        spoiled.add(held.attr.value)
            if kind not in _SCOPES or node is fn.body:
                stack.extend(children(node))
    return frozenset(grown - spoiled)


def _list_call(call: cst.Call, me: str) -> tuple[str | None, str | None]:
    """``("outputs", "append")`` of ``self.outputs.append(...)``."""
    func = call.func
    if type(func) is not cst.Attribute:
        return None, None
    held = func.value
    if type(held) is not cst.Attribute or type(held.value) is not cst.Name:
        return None, None
    if held.value.value != me:
        return None, None
    return held.attr.value, func.attr.value


def _bindings(fn: cst.FunctionDef, resolver: NameResolver) -> dict[str, list[bool]]:
    """Each name ``fn`` binds, with whether each binding certainly gives it a tensor (a tensor
    factory's call; a parameter annotated ``Tensor``): a loop's target or any other binding
    gives what is not shown."""
    binds: dict[str, list[bool]] = {}
    params = fn.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        annotation = param.annotation.annotation if param.annotation is not None else None
        if type(annotation) is cst.Subscript:  # ``Tensor[f32]``
            annotation = annotation.value
        dotted = dotted_name(annotation) if annotation is not None else None
        given = dotted is not None and resolver.resolve(dotted) == api.TENSOR_TYPE
        binds.setdefault(param.name.value, []).append(given)
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            binds.setdefault(star.name.value, []).append(False)
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                one = type(target.target) is cst.Name
                made = one and _factory(node.value, resolver)  # type: ignore[attr-defined]
                for name in _names(target.target):
                    binds.setdefault(name, []).append(made)
        elif kind is cst.AnnAssign:
            made = _factory(node.value, resolver)  # type: ignore[attr-defined]
            for name in _names(node.target):  # type: ignore[attr-defined]
                binds.setdefault(name, []).append(made)
        elif kind in _BINDERS:
            for name in _names(getattr(node, _BINDERS[kind])):
                binds.setdefault(name, []).append(False)
        elif kind is cst.Global or kind is cst.Nonlocal:
            for item in node.names:  # type: ignore[attr-defined]
                binds.setdefault(item.name.value, []).append(False)
        if kind not in _SCOPES or node is fn.body:
            stack.extend(children(node))
    return binds


_BINDERS: dict[type[cst.CSTNode], str] = {
    cst.AugAssign: "target",
    cst.For: "target",
    cst.CompFor: "target",
    cst.NamedExpr: "target",
    cst.AsName: "name",
}


def _names(target: cst.BaseExpression) -> list[str]:
    if type(target) is cst.Name:
        return [target.value]
    if type(target) in (cst.Tuple, cst.List):
        return [n for e in target.elements for n in _names(e.value)]  # type: ignore[attr-defined]
    if type(target) is cst.StarredElement:
        return _names(target.value)
    return []


def _tensor(
    value: cst.BaseExpression | None, binds: dict[str, list[bool]], resolver: NameResolver
) -> bool:
    """A tensor factory's call, or a name the method binds only to tensors so made (or a
    parameter annotated ``Tensor`` it never rebinds)."""
    if type(value) is cst.Name:
        given = binds.get(value.value)
        return bool(given) and all(given)  # type: ignore[arg-type]
    return _factory(value, resolver)


def _factory(value: cst.BaseExpression | None, resolver: NameResolver) -> bool:
    if type(value) is not cst.Call:
        return False
    dotted = dotted_name(value.func)
    return dotted is not None and resolver.resolve(dotted) in api.TENSOR_FACTORIES


def walked_item(info: ObjInfo) -> bool:
    """The element a loop (or a comprehension) over the whole of a container takes each step:
    taken from its parents by turn only, or a comprehension's lane (an item by index or of a
    slice stays its own)."""
    if not info.parents or (not info.selects and info.lane is None):
        return False  # (an item by an index not known: any one of them)
    return all(
        select.axes is not None and all(type(axis) is Turn for axis in select.axes)
        for select in info.selects
    )


def items_target(targets: set[Target | None]) -> Target | None:
    """``("attr", "outputs[*]")`` where the parents of a walked item all stand for the items of
    that attribute of ``self`` (``ClassInfo.containers``)."""
    if len(targets) != 1:
        return None
    (target,) = targets
    return target if target is not None and str(target[1]).endswith("[*]") else None
