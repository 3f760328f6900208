"""Records a class keeps in a container attribute, filled by one method and walked by another
(round 41E of issue 17; class E of ``checker_eval_fresh34/MISSES.md``).

An engine keeps its requests as objects of a class of the module: ``self.running[rid] =
Req(...)`` in ``admit``, ``self.jobs.append(Job(...))`` in ``add``; ``step`` launches on each
record's tensor (``for r in self.running.values(): k(r.logits, ...).submit()``) and reads it
in another walk before the wait. A method's analysis did not know what ``self.running`` holds,
so ``r.logits`` was no tensor it followed. Where every store of that attribute in the module is
one a method of one class makes on its own ``self`` (``self.running = {}``, ``= []``, a display
of constructions), every item stored (``self.running[k] = v``, ``self.jobs.append(v)``) is a
construction ``R(...)`` of one class of the module (or a name the method binds only to one), and
every other mention of it reads or walks it (``.values()``, ``.items()``, ``.keys()``, ``for x
in``, ``len``, ``in``, ``self.running[k]``, ``.get``, ``.pop``, ``del``, a truth test): no code
the module does not show can put anything else there. Then a method's entry knows each item of
``self.running`` as an instance of ``R`` (one for all items: ``self.running[*]``), its tensors
those of that instance, so the walks share them. Anything else (the container handed on or
returned, ``update``/``extend``/``setdefault``, an item of another kind, a store from outside
the class) leaves the attribute unknown, as before."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.parameter_index import bound_names
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

# calls of the container that only read it or take items out
_READS = frozenset({"values", "items", "keys", "get", "pop", "clear", "copy"})
_POISON = ""


def record_attributes(index: SyntaxIndex, module: cst.Module, cls: str) -> Mapping[str, str]:
    """Attribute -> the class of the records ``cls``'s methods keep in it, as this module's
    docstring says."""
    return index.fact(module, _table).get(cls, {})


def _table(index: SyntaxIndex, node: cst.CSTNode) -> Mapping[str, Mapping[str, str]]:
    module = node if isinstance(node, cst.Module) else None
    if module is None:
        return {}
    classes = {s.name.value: s for s in module.body if isinstance(s, cst.ClassDef)}
    # attribute -> (the class whose methods store it, the record class), or poisoned
    found: dict[str, tuple[str, str]] = {}
    poisoned: set[str] = set()
    candidates = _candidates(module, classes)
    if not candidates:
        return {}
    walk = _Walk(index, classes, candidates, found, poisoned)
    walk.visit(module, None, None, None)
    out: dict[str, dict[str, str]] = {}
    for attr, (owner, record) in found.items():
        if attr not in poisoned and record != _POISON and owner != _POISON:
            out.setdefault(owner, {})[attr] = record
    return out


def _candidates(module: cst.Module, classes: Mapping[str, cst.ClassDef]) -> frozenset[str]:
    """Attributes some method sets to an empty list or dict on its own ``self``."""
    names: set[str] = set()
    for cls in classes.values():
        for stmt in cls.body.body:
            if not isinstance(stmt, cst.FunctionDef) or not isinstance(
                stmt.body, cst.IndentedBlock
            ):
                continue
            for line in stmt.body.body:
                if not isinstance(line, cst.SimpleStatementLine):
                    continue
                for small in line.body:
                    target = _single_target(small)
                    value = small.value if isinstance(small, (cst.Assign, cst.AnnAssign)) else None
                    if isinstance(target, cst.Attribute) and _empty(value):
                        names.add(target.attr.value)
    return frozenset(names)


def _single_target(small: cst.BaseSmallStatement) -> cst.BaseExpression | None:
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return small.targets[0].target
    if isinstance(small, cst.AnnAssign):
        return small.target
    return None


def _empty(value: cst.BaseExpression | None) -> bool:
    if isinstance(value, (cst.List, cst.Dict)):
        return not value.elements
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value in ("list", "dict")
        and not value.args
    )


class _Walk:
    """One walk of the module, each mention of a candidate attribute judged in its place."""

    def __init__(
        self,
        index: SyntaxIndex,
        classes: Mapping[str, cst.ClassDef],
        candidates: frozenset[str],
        found: dict[str, tuple[str, str]],
        poisoned: set[str],
    ) -> None:
        self.index, self.classes, self.candidates = index, classes, candidates
        self.found, self.poisoned = found, poisoned

    def visit(
        self,
        node: cst.CSTNode,
        parent: cst.CSTNode | None,
        above: cst.CSTNode | None,
        where: tuple[str, cst.FunctionDef] | None,
    ) -> None:
        stack: list[tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode | None, object]] = [
            (node, parent, above, where)
        ]
        while stack:
            current, up, upper, place = stack.pop()
            scope = place if isinstance(place, tuple) else None
            if isinstance(current, cst.ClassDef):
                for stmt in current.body.body:
                    if isinstance(stmt, cst.FunctionDef):
                        stack.append((stmt, current, up, (current.name.value, stmt)))
                    else:
                        stack.append((stmt, current, up, None))
                continue
            if isinstance(current, cst.FunctionDef) and (scope is None or scope[1] is not current):
                scope = None  # (a function not directly a method: no ``self`` of a class)
            if isinstance(current, cst.Attribute) and current.attr.value in self.candidates:
                self.judge(current, up, upper, scope)
            stack.extend((child, current, up, scope) for child in children(current))

    def judge(
        self,
        node: cst.Attribute,
        parent: cst.CSTNode | None,
        above: cst.CSTNode | None,
        scope: tuple[str, cst.FunctionDef] | None,
    ) -> None:
        attr = node.attr.value
        if isinstance(parent, cst.AssignTarget) or (
            isinstance(parent, cst.AnnAssign) and parent.target is node
        ):
            value = above.value if isinstance(above, cst.Assign) else None
            value = parent.value if isinstance(parent, cst.AnnAssign) else value
            if not self.own(node, scope) or not self.display(value, attr, scope):
                self.poisoned.add(attr)
            return
        if isinstance(parent, cst.Attribute) and parent.value is node:
            method = parent.attr.value
            call = above if isinstance(above, cst.Call) and above.func is parent else None
            if call is None:
                self.poisoned.add(attr)
            elif method == "append" and self.own(node, scope) and len(call.args) == 1:
                if not self.item(call.args[0].value, attr, scope):
                    self.poisoned.add(attr)
            elif method not in _READS:
                self.poisoned.add(attr)
            return
        if isinstance(parent, cst.Subscript) and parent.value is node:
            if isinstance(above, cst.AssignTarget):
                if not self.own(node, scope) or not self.stored(parent, attr, scope):
                    self.poisoned.add(attr)
            return  # (a read of an item, or ``del``)
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
            return
        if isinstance(parent, cst.Arg) and isinstance(above, cst.Call):
            if isinstance(above.func, cst.Name) and above.func.value in ("len", "bool"):
                return
        if isinstance(parent, (cst.ComparisonTarget, cst.If, cst.While, cst.UnaryOperation)):
            return
        if isinstance(parent, cst.Comparison) and parent.left is node:
            return
        self.poisoned.add(attr)

    def own(self, node: cst.Attribute, scope: tuple[str, cst.FunctionDef] | None) -> bool:
        """``node`` is ``self.attr`` in a method of a class of the module (its first
        parameter), the class the same as every other such store's."""
        if scope is None or not isinstance(node.value, cst.Name):
            return False
        params = (*scope[1].params.posonly_params, *scope[1].params.params)
        if not params or params[0].name.value != node.value.value or scope[1].decorators:
            return False
        known = self.found.get(node.attr.value)
        if known is None:
            self.found[node.attr.value] = (scope[0], "")
            return True
        if known[0] != scope[0]:
            self.found[node.attr.value] = (_POISON, _POISON)
            return False
        return True

    def display(
        self,
        value: cst.BaseExpression | None,
        attr: str,
        scope: tuple[str, cst.FunctionDef] | None,
    ) -> bool:
        if _empty(value):
            return True
        if isinstance(value, cst.List):
            return all(self.item(e.value, attr, scope) for e in value.elements)
        if isinstance(value, cst.Dict):
            return all(
                isinstance(e, cst.DictElement) and self.item(e.value, attr, scope)
                for e in value.elements
            )
        return False

    def stored(
        self, target: cst.Subscript, attr: str, scope: tuple[str, cst.FunctionDef] | None
    ) -> bool:
        """``self.attr[k] = v`` (one target)."""
        for node in self.index.nodes(scope[1]) if scope is not None else ():
            if isinstance(node, cst.Assign) and any(t.target is target for t in node.targets):
                return len(node.targets) == 1 and self.item(node.value, attr, scope)
        return False

    def item(
        self, value: cst.BaseExpression, attr: str, scope: tuple[str, cst.FunctionDef] | None
    ) -> bool:
        """A construction of one class of the module (the same for every item of ``attr``),
        or a name ``scope`` binds only to such a construction."""
        record = self.constructed(value)
        if record is None and isinstance(value, cst.Name) and scope is not None:
            record = self.bound(value.value, scope[1])
        if record is None:
            return False
        owner, known = self.found.get(attr, (_POISON, _POISON))
        if known and known != record:
            return False
        self.found[attr] = (owner, record)
        return True

    def constructed(self, value: cst.BaseExpression) -> str | None:
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            if value.func.value in self.classes:
                return value.func.value
        return None

    def bound(self, name: str, fn: cst.FunctionDef) -> str | None:
        bindings = sum(1 for n in bound_names(fn.body) if n == name)
        made: set[str | None] = set()
        count = 0
        for node in self.index.nodes(fn.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1:
                target = node.targets[0].target
                if isinstance(target, cst.Name) and target.value == name:
                    count += 1
                    made.add(self.constructed(node.value))
        if count != bindings or len(made) != 1:
            return None
        return made.pop()
