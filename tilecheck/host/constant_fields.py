"""Instance fields that hold one constant wherever a method reads them (round 34K of issue 17).

``self.inplace = False`` in ``__init__`` (or ``self.inplace = inplace`` of a parameter whose
default is ``False``, every construction of the class in the module leaving it out or passing
``False``), the field bound nowhere else: in every other method of the class ``self.inplace``
is ``False``, so ``out = x if self.inplace else tr.empty(...)`` takes the ``else`` arm and
``if self.inplace:`` never runs its body, as at run time (the arm not taken cannot alias,
write or run anything). Read by ``bound_once.Tests`` (an ``if``'s test) and by the analysis
of a conditional expression (``expressions``).

Taken only where nothing else can set the field: the class has no base, no keyword and no
decorator, no class of the module names it as a base, ``__init__`` binds the field once, to a
literal (``True``, ``False``, ``None``, an integer or a string) or to such a parameter, and
every other mention of the attribute's name anywhere in the module is a read of
``self.<field>`` in a method of that class whose instance name is never rebound; a module that
calls ``setattr`` or ``vars`` or reads ``__dict__`` has none. A value from a parameter counts
only where every mention of the class's name is a call of it with no ``*``/``**`` argument
(or an annotation), and no method makes an instance of its own class another way
(``type(self)(...)``, ``self.__class__``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from tilecheck.host.empty_fields import dynamic, self_name
from tilecheck.syntax.constants import const_int, string_value
from tilecheck.syntax.nodes import flat_targets, store_targets
from tilecheck.syntax.walk import descendants

Constant = bool | int | str | None
_DYNAMIC = frozenset({"setattr", "vars", "__dict__", "__setattr__", "__class__"})
_NAMED = {"True": True, "False": False, "None": None}
_UNKNOWN = object()  # (a value not worked out)


def field_values(module: cst.Module) -> Mapping[int, Constant]:
    """The ids of the ``self.<field>`` reads in the methods (not ``__init__``) of the
    module's classes whose field holds one constant wherever they run, with that constant."""
    nodes = list(descendants(module))
    classes = [n for n in nodes if type(n) is cst.ClassDef]
    if not classes or any(dynamic(n, _DYNAMIC) for n in nodes):
        return {}
    based = {b.value.value for c in classes for b in c.bases if type(b.value) is cst.Name}
    stores = {id(t) for n in nodes for place in store_targets(n) for t in flat_targets(place)}
    mentions: dict[str, int] = {}
    for node in nodes:
        if type(node) is cst.Attribute:
            mentions[node.attr.value] = mentions.get(node.attr.value, 0) + 1
    out: dict[int, Constant] = {}
    for cls in classes:
        if cls.bases or cls.keywords or cls.decorators or cls.name.value in based:
            continue
        if type(cls.body) is not cst.IndentedBlock:
            continue
        methods = [s for s in cls.body.body if type(s) is cst.FunctionDef]
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or init.decorators or self_name(init) is None:
            continue
        bound = _bound(init)
        if not bound:
            continue
        others = [m for m in methods if m is not init and self_name(m) is not None]
        reads = _reads(others, stores)
        calls: list[cst.Call] | None = None
        for field, value in bound.items():
            if mentions.get(field, 0) != 1 + len(reads.get(field, ())):
                continue  # (stored, aliased or read elsewhere)
            known: object = value
            if isinstance(value, cst.Name):  # a parameter: what every construction gives it
                if calls is None:
                    calls = _constructions(nodes, cls)
                known = _given(init, value.value, calls) if calls is not None else _UNKNOWN
            if known is None or isinstance(known, (bool, int, str)):
                for read in reads.get(field, ()):
                    out[read] = known
    return out


def taken_arm(
    values: Callable[[], Mapping[int, Constant]] | None, expr: cst.IfExp
) -> cst.BaseExpression | None:
    """The arm ``expr`` takes wherever it runs, where a constant field decides its test."""
    known = field_truth(values(), expr.test) if values is not None else None
    return None if known is None else expr.body if known else expr.orelse


def field_truth(values: Mapping[int, Constant], test: cst.BaseExpression) -> bool | None:
    """The truth of ``self.<field>`` (or its ``not``) where the field's constant is known."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        inner = field_truth(values, test.expression)
        return None if inner is None else not inner
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        return _compared(values, test)
    if type(test) is not cst.Attribute or id(test) not in values:
        return None
    return bool(values[id(test)])


def _compared(values: Mapping[int, Constant], test: cst.Comparison) -> bool | None:
    """``self.mode == "copy"``, ``!=``, ``is None``, ``is not None`` (either side)."""
    left, right = test.left, test.comparisons[0].comparator
    if id(left) not in values:
        left, right = right, left
    if type(left) is not cst.Attribute or id(left) not in values:
        return None
    known, other = values[id(left)], _literal(right)
    if other is _UNKNOWN:
        return None
    operator = type(test.comparisons[0].operator)
    if operator in (cst.Is, cst.IsNot):
        if known is not None and other is not None:
            return None  # (identity of two literals: only ``None``'s is known)
        same = known is other
    elif operator in (cst.Equal, cst.NotEqual):
        same = type(known) is type(other) and known == other
    else:
        return None
    return same if operator in (cst.Is, cst.Equal) else not same


def _bound(init: cst.FunctionDef) -> dict[str, cst.BaseExpression | Constant]:
    """The fields ``__init__`` binds once, at its top level, each with its literal value or
    the parameter (a ``Name``) it takes, where that parameter is never rebound."""
    me = self_name(init)
    assert type(init.body) is cst.IndentedBlock
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    counts: dict[str, int] = {}
    for node in descendants(init.body):
        for place in store_targets(node):
            for target in flat_targets(place):
                if type(target) is cst.Attribute:
                    counts[target.attr.value] = counts.get(target.attr.value, 0) + 1
                elif type(target) is cst.Name and target.value == me:
                    return {}
    for stmt in init.body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                pairs += _paired(small.targets[0].target, small.value)
            elif type(small) is cst.AnnAssign and small.value is not None:
                pairs.append((small.target, small.value))
    params = {p.name.value: p for p in _params(init)}
    out: dict[str, cst.BaseExpression | Constant] = {}
    for target, value in pairs:
        if not (type(target) is cst.Attribute and type(target.value) is cst.Name):
            continue
        field = target.attr.value
        if target.value.value != me or counts.get(field) != 1:
            continue
        if type(value) is cst.Name and value.value in params and value.value not in _NAMED:
            if not _rebinds(init, value.value):
                out[field] = value
            continue
        found = _literal(value)
        if found is not _UNKNOWN:
            out[field] = found  # type: ignore[assignment]
    return out


def _paired(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """``self.a, self.b = a, 0``: each target with its own value."""
    if type(target) not in (cst.Tuple, cst.List):
        return [(target, value)]
    if type(value) not in (cst.Tuple, cst.List):
        return []
    left, right = target.elements, value.elements  # type: ignore[attr-defined]
    if len(left) != len(right) or any(type(e) is not cst.Element for e in (*left, *right)):
        return []
    return [(a.value, b.value) for a, b in zip(left, right, strict=True)]


def _rebinds(fn: cst.FunctionDef, name: str) -> bool:
    for node in descendants(fn.body):
        for place in store_targets(node):
            if any(type(t) is cst.Name and t.value == name for t in flat_targets(place)):
                return True
        if type(node) in (cst.Global, cst.Nonlocal, cst.FunctionDef, cst.Lambda, cst.ClassDef):
            return True  # (a nested scope may rebind it: not followed)
    return False


def _literal(value: cst.BaseExpression) -> object:
    """``True``, ``False``, ``None``, an integer or a string literal's value; else unknown."""
    if type(value) is cst.Name:
        return _NAMED.get(value.value, _UNKNOWN)
    if type(value) is cst.SimpleString:
        text = string_value(value)
        return text if isinstance(text, str) else _UNKNOWN
    number = const_int(value, {})
    return _UNKNOWN if number is None else number


def _params(fn: cst.FunctionDef) -> list[cst.Param]:
    return [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]


def _reads(methods: list[cst.FunctionDef], stores: set[int]) -> dict[str, list[int]]:
    """Each field's ``self.<field>`` reads in ``methods`` whose instance name is not rebound."""
    out: dict[str, list[int]] = {}
    for method in methods:
        me = self_name(method)
        if me is None or _rebinds(method, me):
            continue
        for node in descendants(method.body):
            if (
                type(node) is cst.Attribute
                and type(node.value) is cst.Name
                and node.value.value == me
                and id(node) not in stores
            ):
                out.setdefault(node.attr.value, []).append(id(node))
    return out


def _constructions(nodes: Sequence[cst.CSTNode], cls: cst.ClassDef) -> list[cst.Call] | None:
    """Every call making an instance of ``cls``, where each mention of its name is one (or
    an annotation, or a name the class statement binds); None otherwise."""
    name = cls.name.value
    calls: dict[int, cst.Call] = {}
    allowed: set[int] = {id(cls.name)}
    for node in nodes:
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == name:
            if any(a.star for a in node.args):
                return None
            calls[id(node.func)] = node
        elif type(node) is cst.Annotation:
            allowed |= {id(n) for n in descendants(node) if type(n) is cst.Name}
        elif type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == "type":
            return None  # (``type(self)(...)``: a construction not seen by name)
    for node in nodes:
        if type(node) is cst.Name and node.value == name:
            if id(node) not in calls and id(node) not in allowed:
                return None
    return list(calls.values())


def _given(init: cst.FunctionDef, param: str, calls: list[cst.Call]) -> object:
    """The one literal every call gives ``param`` (its default where left out); unknown
    where calls give it different values or something not a literal."""
    listed = [*init.params.posonly_params, *init.params.params]
    keyword_only = {p.name.value for p in init.params.kwonly_params}
    names = [p.name.value for p in listed[1:]]
    position = names.index(param) if param in names else None
    if position is None and param not in keyword_only:
        return _UNKNOWN
    declared = next(p for p in _params(init) if p.name.value == param)
    default = _literal(declared.default) if declared.default is not None else _UNKNOWN
    seen: set[tuple[type, object]] = set()
    for call in calls:
        positional = [a for a in call.args if a.keyword is None]
        keyword = [a for a in call.args if a.keyword is not None and a.keyword.value == param]
        if position is not None and position < len(positional):
            given = _literal(positional[position].value)
        elif keyword:
            given = _literal(keyword[0].value)
        else:
            given = default
        if given is _UNKNOWN:
            return _UNKNOWN
        seen.add((type(given), given))
    if len(seen) != 1:
        return _UNKNOWN if seen else default
    return next(iter(seen))[1]
