"""The tensors a class keeps in its attributes (``self.buf``), read from its methods without
flow: which attributes hold a tensor whenever a method other than ``__init__`` runs, and which
of them ``__init__`` makes one tensor (``self.view = self.hidden``). Dataclass-style fields
annotated ``Tensor`` count too. An attribute also given anything else (a value the checker does
not know as a tensor) is not tracked: nothing is guessed about it. A class of the module and
the module's classes it derives from, or that derive from it, are read as one: ``self`` in a
method of any of them may be an instance of another."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import field, replace

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host import api
from tilecheck.host.annotated_fields import annotated_params, is_partition_annotation
from tilecheck.host.annotated_fields import is_tensor_annotation as _is_tensor_annotation
from tilecheck.host.array_attributes import array_call, declared_arrays, factory_arrays
from tilecheck.host.attribute_stores import attribute_stores, unread_attributes
from tilecheck.host.bound_once import bound_again
from tilecheck.host.caller_classes import given_tensors
from tilecheck.host.class_bodies import PARTITION, TENSOR, shared_attributes
from tilecheck.host.factories import PartitionMakers, factory, made_by_factory
from tilecheck.host.field_views import whole_view
from tilecheck.host.object_fields import Construction, construction
from tilecheck.host.tensor_lists import empty_fields, tensor_lists
from tilecheck.names import NameResolver
from tilecheck.syntax import exact
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name, empty_list, flat_targets
from tilecheck.syntax.walk import EXPRESSION, children, type_kind


@frozen
class ClassInfo:
    name: str
    # attribute -> the attribute whose tensor it is at the entry of a method (itself, or the one
    # ``__init__`` copied it from)
    tensors: Mapping[str, str]
    # attributes that hold a list or tuple of tensors the class made (``[tr.zeros(n) ...]``)
    containers: frozenset[str] = frozenset()
    # attributes given an op's Pending or a chained op (``self.pending = op.submit()``)
    holders: frozenset[str] = frozenset()
    # those of ``holders`` that no code of the module reads (``x.pending`` other than as an
    # assignment's target), where the class is made in the module: what is kept there is
    # never waited
    unread: frozenset[str] = frozenset()
    # a class imported from another module of the checked tree: its canonical name there
    origin: str | None = None
    # methods read as attributes (``@property``, ``@cached_property``), in it or its relatives:
    # reading one runs code
    properties: frozenset[str] = frozenset()
    cached: frozenset[str] = frozenset()  # those of them a ``@cached_property`` (round 20C)
    # the module class ``super()`` in its methods starts from: its first base, if that is one
    base: str | None = None
    # attributes given a partition (``self.tiles = self.out.partition(...)``) and nothing else
    partitions: frozenset[str] = frozenset()
    # its ``@classmethod`` factories (``return cls(...)`` on every way out,
    # ``tilecheck.host.factories``), each with the construction it returns where it has one
    factories: Mapping[str, cst.Call | None] = field(default_factory=dict)
    # the method a construction runs on the new instance: ``__post_init__`` for a
    # ``@dataclass`` without an ``__init__`` of its own (the generated one calls it)
    setup: str = "__init__"
    # every attribute its methods (and its relatives') assign, whatever they give it
    assigned: frozenset[str] = frozenset()
    # a class of another module of the checked tree it derives from (the dotted name the module
    # uses): the methods it does not define itself are that class's
    inherits: str | None = None
    # attributes given ``tr.graph(...)`` and nothing else (``self.g = tr.graph()``): ``with
    # self.g:`` captures
    graphs: frozenset[str] = frozenset()
    # attributes given only a graph a ``with tr.graph() as g`` of the same method captured
    # (``self.graph = g``), and stored nowhere else in the module: an open graph wherever a
    # method launches it (a closed one raises there)
    captured: frozenset[str] = frozenset()
    # what a construction keeps as given, and the instances of other classes it keeps
    # (``tilecheck.host.object_fields``)
    construction: Construction = field(default_factory=Construction)
    # attributes given another library's array and nothing else (``self.host = np.zeros(n)``),
    # each with its library, stored nowhere else in the module (round 22L)
    arrays: Mapping[str, str] = field(default_factory=dict)
    # objects its own body makes, shared by every instance (``scratch = tr.zeros(n)``), that
    # no code of the module stores an attribute of that name over: by attribute, the kind
    # (``tilecheck.host.class_bodies``, round 28G)
    shared: Mapping[str, str] = field(default_factory=dict)


def self_name(fn: cst.FunctionDef) -> str | None:
    """The first parameter of a method (``self``); None for static and class methods."""
    for decorator in fn.decorators:
        if dotted_name(decorator.decorator) in ("staticmethod", "classmethod"):
            return None
    params = (*fn.params.posonly_params, *fn.params.params)
    return params[0].name.value if params else None


# Nested definitions, compared by exact type (libcst's classes are ABCs: ``isinstance`` is
# slow on these walks).
_DEFS = frozenset({cst.FunctionDef, cst.ClassDef})
_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
Own = tuple[str, ...]


def _assignments(body: cst.CSTNode) -> Iterator[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Each (target, value) a function body assigns, outside nested scopes."""
    stack = [body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Assign:
            for target in node.targets:
                yield target.target, node.value
        elif type(node) is cst.AnnAssign and node.value is not None:
            yield node.target, node.value
        elif type(node) is cst.AugAssign:
            yield node.target, node.value
        # statements only: no expression holds an assignment (a walrus binds no attribute)
        if type_kind(type(node)) == EXPRESSION:
            continue
        if type(node) not in _DEFS or node is body:
            stack.extend(children(node))


def _graph_names(body: cst.CSTNode, resolver: NameResolver) -> frozenset[str]:
    """The names a function body binds to a graph (``with tr.graph() as g``)."""
    found: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if type(node) is cst.With:
            for item in node.items:
                call, bound = item.item, item.asname
                if (
                    isinstance(call, cst.Call)
                    and bound is not None
                    and isinstance(bound.name, cst.Name)
                    and (dotted := dotted_name(call.func)) is not None
                    and resolver.resolve(dotted) == api.GRAPH
                ):
                    found.add(bound.name.value)
        if type_kind(type(node)) == EXPRESSION:
            continue
        if type(node) not in _DEFS or node is body:
            stack.extend(children(node))
    return frozenset(found)


def class_info(
    cls: cst.ClassDef,
    resolver: NameResolver,
    relatives: tuple[cst.ClassDef, ...] = (),
    makers: PartitionMakers | None = None,
    given: frozenset[str] = frozenset(),
) -> ClassInfo:
    """What ``cls``'s methods, and those of its ``relatives`` (the module's classes it derives
    from or that derive from it), assign to the attributes of ``self`` (``given``:
    ``caller_classes.given_tensors``)."""
    made: set[str] = set()  # attributes given a tensor
    lists: set[str] = set()  # attributes given a list of new tensors
    # attributes given ``op.submit()``, ``op.then(...)`` or a graph (``with tr.graph() as g``)
    holders: set[str] = set()
    other: set[str] = set()  # attributes given something else
    parts: set[str] = set()  # attributes given ``x.partition(...)`` (among ``other``)
    partless: set[str] = set()  # those of ``other`` given anything but a partition
    copied: dict[str, list[str]] = {}  # attribute -> attributes copied into it
    init_copies: dict[str, str] = {}
    properties: set[str] = set()
    cached: set[str] = set()
    assigned: set[str] = set()
    graph_only: dict[str, bool] = {}  # attribute -> given ``tr.graph(...)`` only
    kept_graph: dict[str, bool] = {}  # attribute -> given a captured graph's name only
    libraries: dict[str, str | None] = {}  # attribute -> the one library whose arrays it is given
    empty_only: dict[str, bool] = {}  # attribute -> given ``[]`` only
    methods: list[tuple[cst.FunctionDef, str]] = []
    setup = setup_method(cls)
    owners = tuple(c.name.value for c in (cls, *relatives))
    for stmt in (s for c in (cls, *relatives) for s in c.body.body):
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    if _is_tensor_annotation(small.annotation.annotation, resolver):
                        made.add(small.target.value)
                    elif is_partition_annotation(small.annotation.annotation, resolver):
                        parts.add(small.target.value)  # (a dataclass's field: round 36E)
                        other.add(small.target.value)
        if not isinstance(stmt, cst.FunctionDef):
            continue
        if any(_is_property(d.decorator) for d in stmt.decorators):
            properties.add(stmt.name.value)
            if "cached_property" in str(dotted_name(stmt.decorators[0].decorator)):
                cached.add(stmt.name.value)
        me = self_name(stmt)
        if me is None:
            continue
        methods.append((stmt, me))
        tensor_params = annotated_params(stmt, resolver, api.TENSOR_TYPE)
        tensor_params |= given if stmt.name.value == "__init__" and stmt in cls.body.body else set()
        partition_params = annotated_params(stmt, resolver, api.PARTITION_TYPE)
        graphs = _graph_names(stmt.body, resolver)
        params = {p.name.value for p in _parameters(stmt)}
        captured: frozenset[str] = frozenset()
        if graphs and isinstance(stmt.body, cst.IndentedBlock):
            captured = graphs - params - bound_again(stmt.body.body, graphs)
        holders |= _driven(stmt.body, me)
        for target, value in _assignments(stmt.body):
            pairs: list[tuple[cst.BaseExpression, cst.BaseExpression | None]] = [(target, value)]
            if exact.is_sequence(target):
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
                assigned.add(attr)
                library = array_call(v, resolver)
                libraries[attr] = library if libraries.get(attr, library) == library else None
                empty_only[attr] = empty_only.get(attr, True) and empty_list(v)
                makes_graph = isinstance(v, cst.Call) and _makes_graph(v, resolver)
                graph_only[attr] = graph_only.get(attr, True) and makes_graph
                keeps = t is target and isinstance(v, cst.Name) and v.value in captured
                kept_graph[attr] = kept_graph.get(attr, True) and keeps
                source = _attribute_of(v, me) if v is not None else None
                if source is None and stmt.name.value == setup and t is target:  # (35F)
                    source = whole_view(v, me, attr, (cls, *relatives))
                if source is not None:
                    copied.setdefault(attr, []).append(source)
                    if stmt.name.value == setup and t is target:
                        init_copies[attr] = source
                elif isinstance(v, cst.Call) and _new_tensor(v, resolver, makers, me, owners):
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
                elif isinstance(v, cst.Name) and v.value in graphs:
                    holders.add(attr)
                    other.add(attr)
                elif isinstance(v, cst.Name) and v.value in tensor_params:
                    made.add(attr)
                else:
                    if (
                        _partitions(v)
                        or (isinstance(v, cst.Name) and v.value in partition_params)
                        or (makers is not None and makers.makes(v, me, owners))
                    ):
                        parts.add(attr)
                    else:
                        partless.add(attr)
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
    empties = frozenset(a for a, only in empty_only.items() if only)
    empties |= empty_fields((cls, *relatives)) - set(empty_only)
    empties -= made | set(copied)
    grown = tensor_lists(methods, empties, resolver) if empties else frozenset()
    roots: dict[str, str] = {}
    for attr in sorted(tensors):
        source = init_copies.get(attr)
        # ``self.view = self.hidden`` in ``__init__``, and never given anything else
        if source in tensors and copied.get(attr) == [source] and attr not in made:
            roots[attr] = source
        else:
            roots[attr] = attr
    return ClassInfo(
        cls.name.value,
        roots,
        frozenset(lists - other - made - set(copied)) | grown,
        frozenset(holders),
        properties=frozenset(properties),
        cached=frozenset(cached),
        partitions=frozenset(parts - partless - holders - made - set(copied)),
        setup=setup,
        assigned=frozenset(assigned | made),
        graphs=frozenset(a for a, only in graph_only.items() if only),
        captured=frozenset(a for a, only in kept_graph.items() if only),
        arrays={a: lib for a, lib in libraries.items() if lib is not None},
        shared=shared_attributes(cls, relatives, lambda v: _shared_kind(v, resolver, makers)),
        factories={
            s.name.value: made_by_factory(s)
            for s in cls.body.body
            if type(s) is cst.FunctionDef and factory(s)
        },
    )


def _parameters(fn: cst.FunctionDef) -> Iterator[cst.Param]:
    params = fn.params
    yield from (*params.posonly_params, *params.params, *params.kwonly_params)
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            yield star


def _makes_graph(call: cst.Call, resolver: NameResolver) -> bool:
    """``tr.graph(...)`` or ``tr.Graph()``."""
    dotted = dotted_name(call.func)
    return dotted is not None and resolver.resolve(dotted) in (api.GRAPH, api.GRAPH_TYPE)


def setup_method(cls: cst.ClassDef) -> str:
    """``__post_init__`` for a ``@dataclass`` (``@dataclasses.dataclass(...)``) that defines
    it and no ``__init__``: what its construction runs after setting the fields."""
    methods = {s.name.value for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    if "__init__" in methods or "__post_init__" not in methods:
        return "__init__"
    for decorator in cls.decorators:
        made = decorator.decorator
        dotted = dotted_name(made.func if isinstance(made, cst.Call) else made)
        if dotted is not None and dotted.split(".")[-1] == "dataclass":
            return "__post_init__"
    return "__init__"


def _partitions(value: cst.BaseExpression | None) -> bool:
    """``x.partition(...)``: a partition, whatever ``x`` is."""
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "partition"
    )


def _is_property(decorator: cst.BaseExpression) -> bool:
    """``@property``, ``@functools.cached_property``, ``@cached_property``."""
    dotted = dotted_name(decorator)
    return dotted is not None and dotted.split(".")[-1] in ("property", "cached_property")


def _driven(body: cst.CSTNode, me: str) -> set[str]:
    """The attributes of ``me`` a method runs, waits or closes (``self.op.sync()``): they
    hold an op, a Pending or a graph, whatever the module gave them."""
    found: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value in api.RUNNING_METHODS
        ):
            attr = _attribute_of(node.func.value, me)
            if attr is not None:
                found.add(attr)
        if type(node) not in _SCOPES or node is body:
            stack.extend(children(node))
    return found


def _attribute_of(expr: cst.BaseExpression | None, me: str) -> str | None:
    if (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and expr.value.value == me
    ):
        return expr.attr.value
    return None


def _new_tensor(
    call: cst.Call, resolver: NameResolver, makers: PartitionMakers | None, me: str, owners: Own
) -> bool:
    """A new tensor (``tr.zeros(n)``, a helper's ``vec(n)``, ``self.alloc(n)``), or a reshape."""
    if type(func := call.func) is cst.Attribute and func.attr.value == "reshape":
        call = func.value if type(func.value) is cst.Call else call
    return _makes_tensor(call, resolver) or bool(makers and makers.makes_tensor(call, me, owners))


def _shared_kind(call: cst.Call, resolver: NameResolver, makers: PartitionMakers | None) -> str:
    if _makes_tensor(call, resolver) or (makers is not None and makers.makes_tensor(call)):
        return TENSOR
    return PARTITION if _partitions(call) or (makers and makers.makes(call, "", ())) else ""


def _makes_tensor(call: cst.Call, resolver: NameResolver) -> bool:
    dotted = dotted_name(call.func)
    return dotted is not None and resolver.resolve(dotted) in api.TENSOR_FACTORIES


def _makes_tensors(expr: cst.BaseExpression, resolver: NameResolver) -> bool:
    """``[tr.zeros(n) for _ in range(k)]``, ``[tr.zeros(n), tr.ones(n)]``, and a dict of
    new tensors by key (``{r: tr.ones(n) for r in names}``, ``{"a": tr.zeros(n)}``)."""
    if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
        return isinstance(expr.elt, cst.Call) and _makes_tensor(expr.elt, resolver)
    if type(expr) is cst.DictComp:
        return type(expr.value) is cst.Call and _makes_tensor(expr.value, resolver)
    if type(expr) is cst.Dict and expr.elements:
        return all(
            type(e) is cst.DictElement
            and type(e.value) is cst.Call
            and _makes_tensor(e.value, resolver)
            for e in expr.elements
        )
    if isinstance(expr, (cst.List, cst.Tuple)) and expr.elements:
        return all(
            isinstance(e, cst.Element)
            and isinstance(e.value, cst.Call)
            and _makes_tensor(e.value, resolver)
            for e in expr.elements
        )
    return False


def ancestors(classes: Mapping[str, cst.ClassDef]) -> dict[str, tuple[str, ...]]:
    """Each class's bases among ``classes``, transitively, nearest first (the order in which
    a method is looked for)."""
    out: dict[str, tuple[str, ...]] = {}

    def walk(name: str, seen: tuple[str, ...]) -> tuple[str, ...]:
        if name in out:
            return out[name]
        found: list[str] = []
        for base in classes[name].bases:
            parent = dotted_name(base.value)
            if parent is not None and parent in classes and parent not in seen and parent != name:
                for known in (parent, *walk(parent, (*seen, name))):
                    if known not in found:
                        found.append(known)
        out[name] = tuple(found)
        return out[name]

    for name in classes:
        walk(name, ())
    return out


def module_classes(
    body: cst.Module,
    resolver: NameResolver,
    find: Callable[[str], ClassInfo | None] | None = None,
    index: SyntaxIndex | None = None,
    find_def: Callable[[str], cst.FunctionDef | None] | None = None,
) -> dict[str, ClassInfo]:
    """The module's top-level classes, by name; and (``find``: a class by its canonical name,
    in the checked tree) those it imports, by the name it gives them. ``index``: the module's
    (``tilecheck.syntax.index``), where the methods' facts are read. ``find_def``: a function
    another module of the checked tree defines, by the name this module calls it by (a
    partition maker of a helper module: ``self.plan = tiles(self.out)``)."""
    found = _own_classes(
        body,
        resolver,
        index if index is not None else SyntaxIndex(),
        PartitionMakers(body, find_def),
    )
    if find is None:
        return found
    for local, canonical in _imported_names(body, resolver):
        info = find(canonical) if local not in found else None
        if info is not None:
            found[local] = replace(
                info,
                name=local,
                origin=canonical,
                unread=frozenset(),
                base=None,
                captured=frozenset(),
                shared={},
            )
    return found


def _imported_names(body: cst.Module, resolver: NameResolver) -> Iterator[tuple[str, str]]:
    """``from pkg.layers import Linear as L``: ``("L", "pkg.layers.Linear")``."""
    for stmt in body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if type(small) is cst.ImportFrom and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    local = alias.asname.name if alias.asname is not None else alias.name
                    name = local.value if type(local) is cst.Name else None
                    canonical = resolver.resolve(name) if name is not None else None
                    if name is not None and canonical is not None:
                        yield name, canonical


def _own_classes(
    body: cst.Module, resolver: NameResolver, index: SyntaxIndex, makers: PartitionMakers
) -> dict[str, ClassInfo]:
    classes = {s.name.value: s for s in body.body if type(s) is cst.ClassDef}
    bases = ancestors(classes)
    found: dict[str, ClassInfo] = {}
    relatives_of: dict[str, list[str]] = {}
    given = given_tensors(index, body, resolver) if classes else {}
    for name, cls in classes.items():
        relatives = [*bases[name], *(other for other in classes if name in bases[other])]
        relatives_of[name] = relatives
        lineage = tuple(classes[r] for r in relatives)
        found[name] = class_info(cls, resolver, lineage, makers, given.get(name, frozenset()))
        first = dotted_name(cls.bases[0].value) if cls.bases else None
        if bases[name] and first == bases[name][0]:
            found[name] = replace(found[name], base=first)
        kept = construction(cls, tuple(classes[r] for r in relatives), index)
        found[name] = replace(found[name], construction=kept)
    for name, info in found.items():  # an instance kept by another: of a settled class
        kept = info.construction
        objects = {
            attr: other
            for attr, other in kept.objects.items()
            if other in found and found[other].construction.settled
        }
        found[name] = replace(info, construction=replace(kept, objects=objects))
    captured = frozenset().union(*(info.captured for info in found.values()))
    if captured:
        stores = attribute_stores(body, captured)
        for name, info in found.items():
            own = _self_stores((classes[name], *(classes[r] for r in relatives_of[name])))
            alone = frozenset(a for a in info.captured if stores.get(a) == own.get(a, 0))
            found[name] = replace(info, captured=alone)
    arrays = frozenset[str]().union(*(info.arrays for info in found.values()))
    if arrays:
        stores = attribute_stores(body, arrays)
        for name, info in found.items():
            lineage = (classes[name], *(classes[r] for r in relatives_of[name]))
            own = _self_stores(lineage)
            only = {a: lib for a, lib in info.arrays.items() if stores.get(a) == own.get(a, 0)}
            if only and not foreign_bases(lineage, resolver):
                found[name] = replace(info, arrays=declared_arrays(only, lineage))
            elif info.arrays:
                found[name] = replace(info, arrays={})
    for name, cls in classes.items():  # round 29N2: a dataclass field's default factory
        factory = factory_arrays(cls, resolver, index, body) if cls.decorators else {}
        if factory and not relatives_of[name]:
            found[name] = replace(found[name], arrays={**found[name].arrays, **factory})
    shared = frozenset[str]().union(*(info.shared for info in found.values()))
    if shared:  # an attribute of that name stored anywhere may shadow the class's object
        stores = attribute_stores(body, shared)
        for name, info in found.items():
            lineage = (classes[name], *(classes[r] for r in relatives_of[name]))
            unshadowed = {a: k for a, k in info.shared.items() if not stores.get(a)}
            if unshadowed != info.shared or foreign_bases(lineage, resolver):
                found[name] = replace(
                    info, shared={} if foreign_bases(lineage, resolver) else unshadowed
                )
    holders = frozenset().union(*(info.holders for info in found.values()))
    if holders:
        unread, made = unread_attributes(body, holders, frozenset(found))
        for name, info in found.items():
            lineage = (classes[name], *(classes[r] for r in bases[name]))
            if info.holders & unread and name in made and not foreign_bases(lineage, resolver):
                found[name] = replace(info, unread=info.holders & unread)
    return found


# Bases whose code reads no attribute of ``self`` a subclass sets.
_INERT_BASES = frozenset(
    {"object", "builtins.object", "abc.ABC", "typing.Generic", "typing.Protocol"}
    | {"typing_extensions.Protocol"}
)


def foreign_bases(lineage: tuple[cst.ClassDef, ...], resolver: NameResolver) -> bool:
    """A class (or one of the module's classes it derives from) derives from a class of
    another module (``class Tokenizer(Worker)`` with ``Worker`` imported): that class's code,
    which this module's walk does not see, may read the attributes its subclasses set."""
    for cls in lineage:
        for arg in cls.bases:
            value = arg.value.value if type(arg.value) is cst.Subscript else arg.value
            dotted = dotted_name(value)
            if dotted is None:
                return True
            if dotted in (c.name.value for c in lineage):
                continue
            if dotted not in _INERT_BASES and resolver.resolve(dotted) not in _INERT_BASES:
                return True
    return False


def _self_stores(classes: tuple[cst.ClassDef, ...]) -> dict[str, int]:
    """How many of its methods' assignments store into an attribute of ``self`` (as
    ``class_info`` reads them: one per assigned target, tuples unpacked)."""
    counts: dict[str, int] = {}
    for stmt in (s for c in classes for s in c.body.body):
        me = self_name(stmt) if isinstance(stmt, cst.FunctionDef) else None
        if me is None or not isinstance(stmt, cst.FunctionDef):
            continue
        for target, _ in _assignments(stmt.body):
            for flat in flat_targets(target):
                attr = _attribute_of(flat, me)
                if attr is not None:
                    counts[attr] = counts.get(attr, 0) + 1
    return counts
