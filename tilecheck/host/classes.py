"""The tensors a class keeps in its attributes (``self.buf``), read from its methods without
flow: which attributes hold a tensor whenever a method other than ``__init__`` runs, and which
of them ``__init__`` makes one tensor (``self.view = self.hidden``). Dataclass-style fields
annotated ``Tensor`` count too. An attribute also given anything else (a value the checker does
not know as a tensor) is not tracked: nothing is guessed about it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import libcst as cst

from tilecheck.host import api
from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children


@dataclass(frozen=True)
class ClassInfo:
    name: str
    # attribute -> the attribute whose tensor it is at the entry of a method (itself, or the one
    # ``__init__`` copied it from)
    tensors: Mapping[str, str]
    # attributes that hold a list or tuple of tensors the class made (``[tr.zeros(n) ...]``)
    containers: frozenset[str] = frozenset()
    # attributes given an op's Pending or a chained op (``self.pending = op.submit()``)
    holders: frozenset[str] = frozenset()


def self_name(fn: cst.FunctionDef) -> str | None:
    """The first parameter of a method (``self``); None for static and class methods."""
    for decorator in fn.decorators:
        if dotted_name(decorator.decorator) in ("staticmethod", "classmethod"):
            return None
    params = (*fn.params.posonly_params, *fn.params.params)
    return params[0].name.value if params else None


def _assignments(body: cst.CSTNode) -> Iterator[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Each (target, value) a function body assigns, outside nested scopes."""
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign):
            for target in node.targets:
                yield target.target, node.value
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            yield node.target, node.value
        elif isinstance(node, cst.AugAssign):
            yield node.target, node.value
        # statements only: no expression holds an assignment (a walrus binds no attribute)
        if isinstance(node, cst.BaseExpression):
            continue
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef)) or node is body:
            stack.extend(children(node))


def _is_tensor_annotation(annotation: cst.BaseExpression, resolver: NameResolver) -> bool:
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    dotted = dotted_name(annotation)
    return dotted is not None and resolver.resolve(dotted) == api.TENSOR_TYPE


def class_info(cls: cst.ClassDef, resolver: NameResolver) -> ClassInfo:
    made: set[str] = set()  # attributes given a tensor
    lists: set[str] = set()  # attributes given a list of new tensors
    holders: set[str] = set()  # attributes given ``op.submit()`` or ``op.then(...)``
    other: set[str] = set()  # attributes given something else
    copied: dict[str, list[str]] = {}  # attribute -> attributes copied into it
    init_copies: dict[str, str] = {}
    for stmt in cls.body.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    if _is_tensor_annotation(small.annotation.annotation, resolver):
                        made.add(small.target.value)
        if not isinstance(stmt, cst.FunctionDef):
            continue
        me = self_name(stmt)
        if me is None:
            continue
        tensor_params = {
            p.name.value
            for p in (*stmt.params.posonly_params, *stmt.params.params, *stmt.params.kwonly_params)
            if p.annotation is not None and _is_tensor_annotation(p.annotation.annotation, resolver)
        }
        for target, value in _assignments(stmt.body):
            pairs: list[tuple[cst.BaseExpression, cst.BaseExpression | None]] = [(target, value)]
            if isinstance(target, (cst.Tuple, cst.List)):
                sources: list[cst.BaseExpression | None] = [None] * len(target.elements)
                if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(
                    target.elements
                ):
                    sources = [e.value for e in value.elements]
                pairs = [(e.value, s) for e, s in zip(target.elements, sources, strict=True)]
            for t, v in pairs:
                attr = _attribute_of(t, me)
                if attr is None:
                    continue
                source = _attribute_of(v, me) if v is not None else None
                if source is not None:
                    copied.setdefault(attr, []).append(source)
                    if stmt.name.value == "__init__" and t is target:
                        init_copies[attr] = source
                elif isinstance(v, cst.Call) and _makes_tensor(v, resolver):
                    made.add(attr)
                elif v is not None and _makes_tensors(v, resolver):
                    lists.add(attr)
                elif (
                    isinstance(v, cst.Call)
                    and isinstance(v.func, cst.Attribute)
                    and v.func.attr.value in ("submit", "then")
                ):
                    holders.add(attr)
                    other.add(attr)
                elif isinstance(v, cst.Name) and v.value in tensor_params:
                    made.add(attr)
                else:
                    other.add(attr)
    tensors = set(made)
    changed = True
    while changed:  # attributes only ever copied from tensor attributes hold tensors too
        changed = False
        for attr, origins in copied.items():
            if attr not in tensors and all(o in tensors for o in origins) and attr not in other:
                tensors.add(attr)
                changed = True
    tensors -= other
    roots: dict[str, str] = {}
    for attr in sorted(tensors):
        source = init_copies.get(attr)
        # ``self.view = self.hidden`` in ``__init__``, and never given anything else
        if source in tensors and copied.get(attr) == [source] and attr not in made:
            roots[attr] = source
        else:
            roots[attr] = attr
    return ClassInfo(
        cls.name.value, roots, frozenset(lists - other - made - set(copied)), frozenset(holders)
    )


def _attribute_of(expr: cst.BaseExpression | None, me: str) -> str | None:
    if (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and expr.value.value == me
    ):
        return expr.attr.value
    return None


def _makes_tensor(call: cst.Call, resolver: NameResolver) -> bool:
    dotted = dotted_name(call.func)
    return dotted is not None and resolver.resolve(dotted) in api.TENSOR_FACTORIES


def _makes_tensors(expr: cst.BaseExpression, resolver: NameResolver) -> bool:
    """``[tr.zeros(n) for _ in range(k)]``, ``[tr.zeros(n), tr.ones(n)]``."""
    if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
        return isinstance(expr.elt, cst.Call) and _makes_tensor(expr.elt, resolver)
    if isinstance(expr, (cst.List, cst.Tuple)) and expr.elements:
        return all(
            isinstance(e, cst.Element)
            and isinstance(e.value, cst.Call)
            and _makes_tensor(e.value, resolver)
            for e in expr.elements
        )
    return False


def module_classes(body: cst.Module, resolver: NameResolver) -> dict[str, ClassInfo]:
    """The module's top-level classes, by name."""
    found: dict[str, ClassInfo] = {}
    for stmt in body.body:
        if isinstance(stmt, cst.ClassDef):
            found[stmt.name.value] = class_info(stmt, resolver)
    return found
