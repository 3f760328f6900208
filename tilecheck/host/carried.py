"""An index carried beside a Pending: ``prev, prev_idx = cur, c`` at the end of a pipeline's
turn, ``prev = None`` before the loop. Where ``prev`` is not None, ``prev_idx`` is the ``c`` of
the turn that made it (``Affine.beside``, kept by the flow); the one path the flow cannot
tell, the loop's first turn before its back edge is seen, is one where ``prev`` is None:
``if prev is not None:`` is not taken there, which this module shows from the syntax.

A name is such a carrier when the body binds it only to ``None`` and, beside plain names, in
tuple assignments whose holder is a name the body binds only to ``kernel(...).submit()``: it
is None or one of those Pendings. Where the flow finds no Pending in it, it is None."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from tilecheck.flow.cfg import CFG, ElementKind
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import dotted_name, target_names


def carried_names(cfg: CFG, holder: str, is_kernel: Callable[[str], bool]) -> dict[str, str] | None:
    """The names carried beside ``holder`` (``prev_idx`` -> ``c``) where ``holder`` is None
    or a Pending of a kernel's launch on every path; None where it is not such a carrier."""
    carried: dict[str, str] = {}
    submitted: set[str] = set()  # the names the holder is given
    values: dict[str, list[cst.BaseExpression | None]] = {}
    for target, value in _bindings(cfg):
        names = list(target_names(target))
        if exact.is_sequence(target) and exact.is_sequence(value):
            pairs = _pairs(target, value)
            if pairs is not None and holder in pairs:
                given = pairs.pop(holder)
                if not isinstance(given, cst.Name):
                    return None
                submitted.add(given.value)
                for name, part in pairs.items():
                    if isinstance(part, cst.Name):
                        carried[name] = part.value
                continue
            for name in names:
                values.setdefault(name, []).append(None)
            continue
        for name in names:
            values.setdefault(name, []).append(value)
    if not submitted or not all(_is_none(v) for v in values.get(holder, [])):
        return None
    for name in submitted:
        made = values.get(name)
        if not made or not all(_submits(v, is_kernel) for v in made):
            return None
    return carried


def _bindings(cfg: CFG) -> Iterator[tuple[cst.BaseExpression, cst.BaseExpression | None]]:
    """Every binding the body makes: a target with its value (None: not an expression the
    syntax pairs with it)."""
    for block in cfg.blocks:
        for element in block.elements:
            node = element.node
            if element.kind is ElementKind.STMT:
                if isinstance(node, cst.Assign):
                    for target in node.targets:
                        yield target.target, node.value
                elif isinstance(node, cst.AnnAssign):
                    yield node.target, node.value
                elif isinstance(node, (cst.AugAssign, cst.Del)):
                    yield node.target, None
            elif element.kind is ElementKind.FOR_TARGET and isinstance(node, cst.For):
                yield node.target, None
            elif element.kind is ElementKind.WITH_ENTER and isinstance(node, cst.WithItem):
                if node.asname is not None:
                    yield node.asname.name, None
            elif element.kind is ElementKind.EXCEPT_BIND and isinstance(node, cst.ExceptHandler):
                if node.name is not None:
                    yield node.name.name, None


def _pairs(
    target: cst.Tuple | cst.List, value: cst.Tuple | cst.List
) -> dict[str, cst.BaseExpression] | None:
    if len(target.elements) != len(value.elements):
        return None
    out: dict[str, cst.BaseExpression] = {}
    for name, part in zip(target.elements, value.elements, strict=True):
        if isinstance(name, cst.StarredElement) or isinstance(part, cst.StarredElement):
            return None
        if not isinstance(name.value, cst.Name):
            return None
        out[name.value.value] = part.value
    return out


def _is_none(value: cst.BaseExpression | None) -> bool:
    return isinstance(value, cst.Name) and value.value == "None"


def _submits(value: cst.BaseExpression | None, is_kernel: Callable[[str], bool]) -> bool:
    """``kernel(...).submit()``."""
    if not (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "submit"
        and isinstance(value.func.value, cst.Call)
    ):
        return False
    callee = dotted_name(value.func.value.func)
    return callee is not None and is_kernel(callee)
