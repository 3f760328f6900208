"""What a construction keeps, read from a class's syntax (``tilecheck.host.object_graphs``
follows it): the parameters ``__init__`` stores as given (``self.pend = pend``; a
``@dataclass``'s fields, in order), the instances of other classes it keeps that way
(``self.store = store`` of ``store: Store``: one object for the caller and the keeper's
methods), and whether a class's attributes stay what its construction made (no method but
``__init__`` sets one, none hands ``self`` on): only then may two objects share one safely.

Nothing is guessed: a parameter named anywhere else in ``__init__``, an attribute set twice, a
kept instance named other than as ``self.store.x`` (given on, or stored into) is not kept."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.syntax import exact
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name


@frozen
class Construction:
    # the parameters a construction binds by position, after ``self`` (a dataclass's fields)
    params: tuple[str, ...] = ()
    # parameter -> the attribute ``__init__`` keeps it in, as given
    kept: Mapping[str, str] = field(default_factory=dict)
    # attribute -> the class (as the module names it) of the instance kept there from a
    # parameter annotated with it, named in the class only as ``self.attr.x``
    objects: Mapping[str, str] = field(default_factory=dict)
    # no method but ``__init__`` sets an attribute of ``self``, and none gives ``self`` on
    settled: bool = False
    # those of ``objects`` ``__init__`` makes itself (``self.a = A()``): new per instance
    made: frozenset[str] = frozenset()


def construction(
    cls: cst.ClassDef, relatives: tuple[cst.ClassDef, ...], index: SyntaxIndex | None = None
) -> Construction:
    """What constructing ``cls`` keeps (``relatives``: the module's classes it derives from
    or that derive from it, whose methods may run on its instances; ``index``: the module's,
    where each method's facts are read once for every class that shares it)."""
    index = index if index is not None else SyntaxIndex()
    methods = [s for c in (cls, *relatives) for s in c.body.body if isinstance(s, cst.FunctionDef)]
    counts: dict[str, int] = {}
    settled = True
    for fn in methods:
        facts = index.fact(fn, _method_facts)
        if facts is None:
            continue
        for attr in facts.assigned:
            counts[attr] = counts.get(attr, 0) + 1
            if fn.name.value != "__init__":
                settled = False
        if facts.bare:
            settled = False
    params, kept, annotations = _kept(cls, counts, index)
    objects: dict[str, str] = {}
    for param, attr in kept.items():
        annotation = annotations.get(param)
        dotted = dotted_name(annotation) if annotation is not None else None
        if dotted is not None and all(_only_reached(fn, attr, index) for fn in methods):
            objects[attr] = dotted
    made: set[str] = set()
    factories = dict(_factory_objects(cls, kept))
    for attr, cls_name in (*_made_objects(cls, counts), *factories.items()):
        if (attr not in objects or attr in factories) and all(
            _only_reached(fn, attr, index) for fn in methods
        ):
            objects[attr] = cls_name
            made.add(attr)
    return Construction(params, kept, objects, settled, frozenset(made))


@frozen
class _MethodFacts:
    """What one walk of a method's body finds about ``self`` (its first parameter)."""

    me: str
    assigned: list[str]  # the attributes of ``me`` it stores into (nested scopes included)
    bare: bool  # it names ``me`` other than as ``me.attr``
    # ``me.attr`` nodes by attribute, and of all the body's nodes: those that are the value of
    # ``x.y``, the store targets, and what a target stores through (``x`` of ``x.y = ...``)
    mine: dict[str, list[cst.Attribute]]
    inner: set[int]
    direct: set[int]
    stored: set[int]


def _method_facts(index: SyntaxIndex, fn: cst.CSTNode) -> _MethodFacts | None:
    """``fn``'s facts (None: not a method with ``self``), in one walk of its body."""
    me = _self_of(fn) if type(fn) is cst.FunctionDef else None
    if me is None or type(fn) is not cst.FunctionDef:
        return None
    assigned: list[str] = []
    reached: set[int] = set()
    bare = False
    mine: dict[str, list[cst.Attribute]] = {}
    inner: set[int] = set()
    direct: set[int] = set()
    stored: set[int] = set()
    for node in index.nodes(fn.body):
        kind = type(node)
        if kind in _STORES:
            for target in _targets(node):
                attr = _attribute_of(target, me)
                if attr is not None:
                    assigned.append(attr)
                direct.add(id(target))
                while exact.is_item(target):
                    target = target.value
                    stored.add(id(target))
        if kind is cst.Attribute:
            assert isinstance(node, cst.Attribute)
            value = node.value
            if type(value) is cst.Name:
                reached.add(id(value))
                if value.value == me:
                    mine.setdefault(node.attr.value, []).append(node)
            elif type(value) is cst.Attribute:
                inner.add(id(value))
        elif kind is cst.Name:
            assert isinstance(node, cst.Name)
            if node.value == me and id(node) not in reached:
                bare = True
    return _MethodFacts(me, assigned, bare, mine, inner, direct, stored)


def _made_objects(cls: cst.ClassDef, counts: Mapping[str, int]) -> Iterator[tuple[str, str]]:
    """``self.a = A(...)`` in ``__init__``'s own lines (no branch), the attribute set once."""
    init = next(
        (s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
        None,
    )
    me = _self_of(init) if init is not None else None
    if init is None or me is None:
        return
    for stmt in init.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            target, value = _single_store(small)
            attr = _attribute_of(target, me)
            if attr is not None and counts.get(attr) == 1 and type(value) is cst.Call:
                if type(value.func) is cst.Name:
                    yield attr, value.func.value


def _kept(
    cls: cst.ClassDef, counts: Mapping[str, int], index: SyntaxIndex
) -> tuple[tuple[str, ...], dict[str, str], dict[str, cst.BaseExpression]]:
    """The construction's positional parameters, those kept as given (attribute set once),
    and their annotations."""
    init = next(
        (s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
        None,
    )
    if init is None:
        return _dataclass_fields(cls)
    params = init.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
        return (), {}, {}
    positional = [*params.posonly_params, *params.params]
    me = _self_of(init)
    if me is None or not positional or _runs_own(init, index):
        return (), {}, {}
    names = tuple(p.name.value for p in positional[1:])
    annotations = {
        p.name.value: p.annotation.annotation
        for p in (*positional[1:], *params.kwonly_params)
        if p.annotation is not None
    }
    kept: dict[str, str] = {}
    for stmt in init.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for target, value in (pair for small in stmt.body for pair in _paired_stores(small)):
            attr = _attribute_of(target, me)
            if attr is None or type(value) is not cst.Name or counts.get(attr) != 1:
                continue
            if value.value in annotations or value.value in names:
                if _mentions(init.body, value.value, index) == 1:
                    kept[value.value] = attr
    return names, kept, annotations


def _dataclass_fields(
    cls: cst.ClassDef,
) -> tuple[tuple[str, ...], dict[str, str], dict[str, cst.BaseExpression]]:
    """A plain ``@dataclass`` without bases: its fields are the construction's parameters,
    each kept in its attribute (a ``field(...)`` or a ``kw_only`` makes them unknown)."""
    if not (
        _named_tuple(cls)
        or (not cls.bases and any(_plain_dataclass(d.decorator) for d in cls.decorators))
    ):
        return (), {}, {}
    # (a ``__post_init__`` runs on the fields as given: ``tilecheck.host.setup_runs``)
    names: list[str] = []
    annotations: dict[str, cst.BaseExpression] = {}
    for stmt in cls.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            annotation = small.annotation.annotation
            head = annotation.value if isinstance(annotation, cst.Subscript) else annotation
            if (dotted_name(head) or "").split(".")[-1] in ("ClassVar", "InitVar", "KW_ONLY"):
                return (), {}, {}
            if _not_init(small.value):
                continue  # ``field(init=False)``: no parameter (its value comes later)
            if isinstance(small.value, cst.Call) and _factory_class(small.value) is None:
                return (), {}, {}  # ``field(...)``: its order and defaults not followed
            names.append(small.target.value)
            annotations[small.target.value] = annotation
    return tuple(names), {n: n for n in names}, annotations


def _factory_objects(cls: cst.ClassDef, kept: Mapping[str, str]) -> Iterator[tuple[str, str]]:
    """A ``@dataclass``'s fields ``head: Head = field(default_factory=Head)`` (round 26C): the
    generated ``__init__`` makes the instance where the construction gives none."""
    for stmt in cls.body.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
            made = _factory_class(small.value) if small.target.value in kept else None
            if made is not None:
                yield small.target.value, made


def _not_init(value: cst.BaseExpression | None) -> bool:
    """``field(init=False)`` (with nothing else but ``repr``/``compare``/``hash``/``default``):
    a field the generated ``__init__`` takes no parameter for."""
    if not isinstance(value, cst.Call) or dotted_name(value.func) not in (
        "field",
        "dataclasses.field",
    ):
        return False
    keywords = {a.keyword.value: a.value for a in value.args if a.keyword is not None}
    if len(keywords) != len(value.args) or not set(keywords) <= _NOT_INIT_KEYWORDS:
        return False
    flag = keywords.get("init")
    return type(flag) is cst.Name and flag.value == "False"


_NOT_INIT_KEYWORDS = frozenset({"init", "repr", "compare", "hash", "default"})


def _factory_class(value: cst.BaseExpression | None) -> str | None:
    """``field(default_factory=Head)`` (or ``lambda: Head()``): the name it calls."""
    if not isinstance(value, cst.Call) or dotted_name(value.func) not in (
        "field",
        "dataclasses.field",
    ):
        return None
    if len(value.args) != 1 or value.args[0].keyword is None:
        return None
    if value.args[0].keyword.value != "default_factory":
        return None
    made = value.args[0].value
    if isinstance(made, cst.Lambda) and not made.params.params:
        body = made.body
        made = body.func if isinstance(body, cst.Call) and not body.args else made
    return made.value if isinstance(made, cst.Name) else None


def _named_tuple(cls: cst.ClassDef) -> bool:
    """A ``typing.NamedTuple`` class (round 30H): its generated ``__new__`` keeps each field
    as given, by position or keyword, as a plain dataclass's ``__init__`` does."""
    if len(cls.bases) != 1 or cls.bases[0].keyword is not None or cls.decorators:
        return False
    base = (dotted_name(cls.bases[0].value) or "").split(".")[-1]
    return base == "NamedTuple" and not any(
        isinstance(s, cst.FunctionDef) and s.name.value in ("__new__", "__init__")
        for s in cls.body.body
    )


def _plain_dataclass(decorator: cst.BaseExpression) -> bool:
    call = decorator if isinstance(decorator, cst.Call) else None
    dotted = dotted_name(call.func if call is not None else decorator)
    if dotted is None or dotted.split(".")[-1] != "dataclass":
        return False
    return call is None or all(
        a.keyword is not None and a.keyword.value in ("frozen", "eq", "repr", "slots")
        for a in call.args
    )


def _self_of(fn: cst.FunctionDef) -> str | None:
    for decorator in fn.decorators:
        if dotted_name(decorator.decorator) in ("staticmethod", "classmethod"):
            return None
    params = (*fn.params.posonly_params, *fn.params.params)
    return params[0].name.value if params else None


def _single_store(
    small: cst.BaseSmallStatement,
) -> tuple[cst.BaseExpression | None, cst.BaseExpression | None]:
    """``target = value`` with one target (also annotated)."""
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return small.targets[0].target, small.value
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        return small.target, small.value
    return None, None


def _paired_stores(
    small: cst.BaseSmallStatement,
) -> Iterator[tuple[cst.BaseExpression | None, cst.BaseExpression | None]]:
    """``target = value``, and each pair of ``a, b = x, y`` (a tuple display stored into a
    tuple of as many plain targets: each gets its own value)."""
    target, value = _single_store(small)
    if exact.is_sequence(target) and exact.is_sequence(value):
        targets, values = target.elements, value.elements
        if len(targets) == len(values) and not any(
            type(e) is cst.StarredElement for e in (*targets, *values)
        ):
            for t, v in zip(targets, values, strict=True):
                yield t.value, v.value
            return
    yield target, value


def _attribute_of(expr: cst.BaseExpression | None, me: str) -> str | None:
    if type(expr) is cst.Attribute and type(expr.value) is cst.Name and expr.value.value == me:
        return expr.attr.value
    return None


# The statements and clauses that store into or delete a target (exact types: ``isinstance``
# against libcst's ABCs is slow on this path, and none of these classes has a subclass).
_STORES = frozenset(
    {cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Del, cst.For, cst.CompFor, cst.WithItem}
)


def _targets(node: cst.CSTNode) -> Iterator[cst.BaseExpression]:
    """Every expression a statement stores into or deletes (tuple targets flattened)."""
    found: list[cst.BaseExpression] = []
    kind = type(node)
    if kind is cst.Assign:
        assert isinstance(node, cst.Assign)
        found = [t.target for t in node.targets]
    elif kind is cst.AnnAssign or kind is cst.AugAssign or kind is cst.Del:
        assert isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.Del))
        found = [node.target]
    elif kind is cst.For or kind is cst.CompFor:
        assert isinstance(node, (cst.For, cst.CompFor))
        found = [node.target]
    elif kind is cst.WithItem:
        assert isinstance(node, cst.WithItem)
        if node.asname is not None:
            found = [node.asname.name]
    while found:
        target = found.pop()
        if exact.is_sequence(target):
            found.extend(e.value for e in target.elements)
        elif type(target) is cst.StarredElement:
            found.append(target.value)
        else:
            yield target


def _runs_own(init: cst.FunctionDef, index: SyntaxIndex) -> bool:
    """``__init__`` calls a method of its ``self`` (``self.finish()``) or hands it on: it may
    wait or replace what it was given."""
    facts = index.fact(init, _method_facts)
    if facts is None:
        return False
    for node in index.nodes(init.body):
        if type(node) is cst.Call:
            assert isinstance(node, cst.Call)
            func = node.func
            if type(func) is cst.Attribute:
                assert isinstance(func, cst.Attribute)
                if type(func.value) is cst.Name and func.value.value == facts.me:
                    return True
    return facts.bare


def _mentions(body: cst.CSTNode, name: str, index: SyntaxIndex) -> int:
    """How often ``name`` is named (``x.name``'s attribute is no mention)."""
    attributes: set[int] = set()
    count = 0
    for node in index.nodes(body):
        if type(node) is cst.Attribute:
            attributes.add(id(node.attr))
        elif type(node) is cst.Name and node.value == name and id(node) not in attributes:
            count += 1
    return count


def _only_reached(fn: cst.FunctionDef, attr: str, index: SyntaxIndex) -> bool:
    """Every ``self.attr`` in ``fn`` (but the one store ``__init__`` makes) reaches through it
    (``self.attr.x``), never stores into it (``self.attr.x = ...``) or hands it on."""
    facts = index.fact(fn, _method_facts)
    if facts is None:
        return True
    init = fn.name.value == "__init__"
    for node in facts.mine.get(attr, ()):
        if init and id(node) in facts.direct:
            continue  # ``self.attr = attr`` (set once: ``counts``)
        if id(node) not in facts.inner or id(node) in facts.stored or id(node) in facts.direct:
            return False
    return True
