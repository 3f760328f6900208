"""Attributes that always hold a non-empty list once made: ``self.ws = [... for _ in range(2)]``
in ``__init__``, the attribute named nowhere else in the module but where it is walked or
indexed. A method's ``for w in self.ws`` (or ``zip(self.ws, self.hs)``) then runs its body at
least once, as a loop over a non-empty literal does (``tilecheck.flow.trips``).

Only syntax is read, once per module and only when a loop asks: every mention of ``.X`` must be
the one assignment or a read that cannot empty the list (a ``for``'s or a comprehension's
iterable, an argument of ``zip``, ``enumerate`` or ``len``, an index); any ``getattr``,
``setattr``, ``vars`` or ``__dict__`` in the module, or a mention of another kind (a method call
such as ``.clear()``, an assignment, ``del``), and the attribute is not known filled."""

from __future__ import annotations

from collections.abc import Container, Iterator

import libcst as cst

from tilecheck.flow.trips import non_empty_value
from tilecheck.syntax.walk import descendants

# Calls whose argument is only walked (or measured): the list stays as it is.
_WALKERS = frozenset({"zip", "enumerate", "len"})
# Names through which a module may reach any attribute by a computed name.
_REFLECTION = frozenset({"getattr", "setattr", "delattr", "vars", "__dict__"})


class FilledAttributes(Container[str]):
    """The attribute names of a module known non-empty, found on first use."""

    def __init__(self, module: cst.Module) -> None:
        self._module = module
        self._made: frozenset[str] | None = None  # made non-empty by a top-level class
        self._found: frozenset[str] | None = None

    def __contains__(self, name: object) -> bool:
        if self._made is None:  # the classes' ``__init__`` alone first: the walk is rarely due
            self._made = frozenset(_made_by_classes(self._module))
        if name not in self._made:
            return False
        if self._found is None:
            self._found = filled_attributes(self._module)
        return name in self._found


def filled_attributes(module: cst.Module) -> frozenset[str]:
    """See the module's docstring. One walk: a parent met first marks the attribute nodes it
    holds that are the one assignment (``made``) or a mention that leaves the list alone
    (``kept``); every other ``.X`` met spoils ``X``."""
    made: set[int] = set()
    kept: set[int] = set()
    counts: dict[str, int] = {}  # an attribute -> how many assignments make it non-empty
    spoiled: set[str] = set()
    for node in descendants(module):
        kind = type(node)
        if kind is cst.Attribute:
            assert isinstance(node, cst.Attribute)
            name = node.attr.value
            if name in _REFLECTION:
                return frozenset()
            if id(node) in made:
                counts[name] = counts.get(name, 0) + 1
            elif id(node) not in kept:
                spoiled.add(name)
        elif kind is cst.Name:
            assert isinstance(node, cst.Name)
            if node.value in _REFLECTION:
                return frozenset()  # ``getattr(obj, name)``: any attribute may change
        elif kind is cst.For or kind is cst.CompFor:
            assert isinstance(node, (cst.For, cst.CompFor))
            kept.add(id(node.iter))
        elif kind is cst.Subscript:
            assert isinstance(node, cst.Subscript)
            kept.add(id(node.value))
        elif kind is cst.Call:
            assert isinstance(node, cst.Call)
            func = node.func
            if isinstance(func, cst.Name) and func.value in _WALKERS:
                kept.update(id(a.value) for a in node.args if a.keyword is None and not a.star)
        elif kind is cst.Del:
            assert isinstance(node, cst.Del)
            spoiled.update(_attribute_names(node.target))  # ``del self.X[0]`` may empty it
        elif kind is cst.FunctionDef:
            assert isinstance(node, cst.FunctionDef)
            if node.name.value == "__init__":
                made.update(id(target) for target in _made_non_empty(node))
    return frozenset(n for n, count in counts.items() if count == 1 and n not in spoiled)


def _made_by_classes(module: cst.Module) -> Iterator[str]:
    """The attributes the ``__init__`` of a top-level class makes non-empty."""
    for stmt in module.body:
        if type(stmt) is not cst.ClassDef or type(stmt.body) is not cst.IndentedBlock:
            continue
        for method in stmt.body.body:
            if isinstance(method, cst.FunctionDef) and method.name.value == "__init__":
                for target in _made_non_empty(method):
                    yield target.attr.value


def _made_non_empty(init: cst.FunctionDef) -> Iterator[cst.Attribute]:
    """The targets of ``self.X = <non-empty list>`` written as statements of ``__init__``'s
    body (the first parameter standing for ``self``)."""
    params = init.params.params
    me = params[0].name.value if params else None
    body = init.body.body if isinstance(init.body, cst.IndentedBlock) else ()
    for stmt in body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                continue
            target = small.targets[0].target
            if (
                isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == me
                and non_empty_value(small.value)
            ):
                yield target


def _attribute_names(node: cst.CSTNode) -> Iterator[str]:
    for inner in descendants(node):
        if isinstance(inner, cst.Attribute):
            yield inner.attr.value
