"""Which ``tilert.kernels`` functions allocate, read from the library's source with ``ast`` (as
``tilecheck.host.library`` reads ``@writes``): a graph capture refuses an allocation, so a call
that allocates is TC111 inside ``with tr.graph()``. A function allocates when its body calls a
tensor factory of tilert, or a function of the library that does; an allocation under
``if workspace is None:`` (or in the ``else`` of ``workspace if workspace is not None else
...``) happens only when that parameter is not given."""

from __future__ import annotations

import ast
from collections.abc import Iterable

from tilecheck.frozen import frozen
from tilecheck.host import api

_FACTORIES = frozenset(name.rpartition(".")[2] for name in api.ALLOCATORS)


@frozen
class Allocation:
    """How one library function allocates: always, or unless each of ``unless`` is given."""

    always: bool
    unless: frozenset[str]


def library_allocations(modules: Iterable[ast.Module]) -> dict[str, Allocation]:
    """Every function of the library's modules that may allocate, by name."""
    functions: dict[str, tuple[ast.FunctionDef, frozenset[str]]] = {}
    for module in modules:
        aliases = _tilert_aliases(module)
        for node in module.body:
            if isinstance(node, ast.FunctionDef):
                functions[node.name] = (node, aliases)
    found: dict[str, Allocation] = {}
    always: set[str] = set()  # a helper counts where it allocates whatever it is given
    while True:
        found = {}
        for name, (fn, aliases) in functions.items():
            allocation = _allocation(fn, aliases, always - {name})
            if allocation is not None:
                found[name] = allocation
        grown = {name for name, allocation in found.items() if allocation.always}
        if grown == always:
            return found
        always = grown


def _tilert_aliases(module: ast.Module) -> frozenset[str]:
    """The names ``import tilert as tr`` binds in the module."""
    return frozenset(
        alias.asname or alias.name
        for node in module.body
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "tilert"
    )


def _calls(fn: ast.FunctionDef) -> Iterable[ast.Call]:
    return (node for node in ast.walk(fn) if isinstance(node, ast.Call))


def _is_factory(call: ast.Call, aliases: frozenset[str]) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _FACTORIES
        and isinstance(func.value, ast.Name)
        and func.value.id in aliases
    )


def _allocation(
    fn: ast.FunctionDef, aliases: frozenset[str], allocating: set[str]
) -> Allocation | None:
    guards: dict[int, str] = {}  # an allocating call's id -> the parameter guarding it
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    for node in ast.walk(fn):
        if isinstance(node, ast.If):
            name = _none_test(node.test, is_none=True)
            if name in params:
                for inner in node.body:
                    for call in ast.walk(inner):
                        guards[id(call)] = name
        elif isinstance(node, ast.IfExp):
            for branch, is_none in ((node.body, True), (node.orelse, False)):
                name = _none_test(node.test, is_none=is_none)
                if name in params:
                    for call in ast.walk(branch):
                        guards[id(call)] = name
    always = False
    unless: set[str] = set()
    for call in _calls(fn):
        func = call.func
        helper = isinstance(func, ast.Name) and func.id in allocating
        if not (helper or _is_factory(call, aliases)):
            continue
        if id(call) in guards:
            unless.add(guards[id(call)])
        else:
            always = True
    if not always and not unless:
        return None
    return Allocation(always, frozenset(unless))


def _none_test(test: ast.expr, *, is_none: bool) -> str | None:
    """``p is None`` (``is_none``) or ``p is not None``: ``p``."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and len(test.comparators) == 1):
        return None
    wanted = ast.Is if is_none else ast.IsNot
    right = test.comparators[0]
    if (
        isinstance(test.ops[0], wanted)
        and isinstance(test.left, ast.Name)
        and isinstance(right, ast.Constant)
        and right.value is None
    ):
        return test.left.id
    return None
