"""Which ``def``s of a module are launchable kernels, and their launch signatures.

Whether a decorator marks a kernel, and what a kernel's parameters are, is the kernel rules'
business (``tilecheck.kernel``); this only adds the configured extra decorators and the
calling convention the host side needs."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

import libcst as cst

from tilecheck.diagnostics import Span
from tilecheck.host.bound_once import scope_statements
from tilecheck.host.launch import LaunchSignature
from tilecheck.kernel import is_kernel_decorated
from tilecheck.kernel.annotations import AnnotationReader
from tilecheck.kernel.signature import build_signature, signature_findings
from tilecheck.kernel_signature import KernelSignature, ParamKind, ParamSig
from tilecheck.names import CUDA_KERNEL, NameResolver, canonical
from tilecheck.syntax.constants import const_int, string_value
from tilecheck.syntax.nodes import dotted_name


def _decorator_names(fn: cst.FunctionDef) -> Iterable[str]:
    for decorator in fn.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            expr = expr.func
        name = dotted_name(expr)
        if name is not None:
            yield name


def is_device_def(
    fn: cst.FunctionDef, resolver: NameResolver, extra_decorators: Sequence[str] = ()
) -> bool:
    """A ``@tr.kernel``/``@tr.function`` (or configured decorator) def: device code."""
    if not fn.decorators:
        return False
    if is_kernel_decorated(fn, resolver) is not None:
        return True
    if not extra_decorators:
        return False
    for name in _decorator_names(fn):
        if name in extra_decorators or resolver.resolve(name) in extra_decorators:
            return True
    return False


def launch_signature(fn: cst.FunctionDef, resolver: NameResolver) -> LaunchSignature | None:
    """The host calling convention of a kernel; None for a ``@tr.function`` helper, which the
    host cannot launch."""
    is_function, unsafe, params, _ = signature_findings(fn, resolver)
    if is_function:
        return None
    # The host side needs the parameters' names and kinds, not their spans: measuring the
    # header (as ``signature_of`` does) would cost ten times the reading itself.
    signature = build_signature(fn, is_function, unsafe, params, _unplaced)
    return LaunchSignature.from_def(signature, fn)


def _unplaced(node: cst.CSTNode) -> Span:
    return Span.point(1)


def module_kernels(
    defs: Iterable[cst.CSTNode], resolver: NameResolver, extra_decorators: Sequence[str] = ()
) -> dict[str, LaunchSignature]:
    """The kernels among a body's top-level ``def``s, by name."""
    found: dict[str, LaunchSignature] = {}
    for fn in defs:
        if isinstance(fn, cst.FunctionDef) and is_device_def(fn, resolver, extra_decorators):
            launch = launch_signature(fn, resolver)
            if launch is not None:
                found[fn.name.value] = launch
    return found


def module_launchables(
    body: Sequence[cst.BaseStatement],
    defs: Iterable[cst.CSTNode],
    resolver: NameResolver,
    extra_decorators: Sequence[str] = (),
) -> dict[str, LaunchSignature]:
    """What a module defines that the host launches, by name: its kernels (among ``defs``)
    and its ``tr.cuda_kernel`` launchers (top-level assignments of ``body``)."""
    found = module_kernels(defs, resolver, extra_decorators)
    found.update(cuda_kernels(body, resolver))
    found.update(kernel_variants(body, found))
    return found


def with_options_of(expr: cst.BaseExpression) -> str | None:
    """``K.with_options(...)`` (chained or not) is kernel ``K`` compiled with other options:
    the same parameters, the same borrows. The dotted ``K``, or None if ``expr`` is not that."""
    base = expr
    while (
        type(base) is cst.Call
        and type(base.func) is cst.Attribute
        and base.func.attr.value == "with_options"
    ):
        base = base.func.value
    return dotted_name(base) if base is not expr else None


def kernel_variants(
    body: Sequence[cst.BaseStatement], kernels: Mapping[str, LaunchSignature]
) -> dict[str, LaunchSignature]:
    """Top-level ``fast = add.with_options(occupancy=2)``: ``fast`` launches as ``add``."""
    found: dict[str, LaunchSignature] = {}
    for stmt in body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if not (
                type(small) is cst.Assign
                and len(small.targets) == 1
                and type(small.targets[0].target) is cst.Name
            ):
                continue
            base = with_options_of(small.value)
            launch = kernels.get(base) if base is not None else None
            if launch is not None:
                found[small.targets[0].target.value] = launch
    return found


def cuda_kernels(
    body: Sequence[cst.BaseStatement], resolver: NameResolver
) -> dict[str, LaunchSignature]:
    """Top-level ``add = tr.cuda_kernel(source, "add", params=[...], block=...)``: launchable
    as kernels are, with the parameters its ``params`` list (or dict) states. Parameters whose
    list the syntax does not show are not checked (the runtime checks them)."""
    found: dict[str, LaunchSignature] = {}
    for stmt in body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if (
                type(small) is cst.Assign
                and len(small.targets) == 1
                and type(small.targets[0].target) is cst.Name
                and type(small.value) is cst.Call
            ):
                launch = _cuda_launch(small.targets[0].target.value, small.value, resolver)
                if launch is not None:
                    found[launch.name] = launch
    return found


def _cuda_launch(name: str, call: cst.Call, resolver: NameResolver) -> LaunchSignature | None:
    callee = dotted_name(call.func)
    if callee is None or canonical(resolver.resolve(callee)) != CUDA_KERNEL:
        return None
    listed = next((a.value for a in call.args if a.keyword and a.keyword.value == "params"), None)
    named: list[tuple[str, cst.BaseExpression]] = []
    if isinstance(listed, (cst.List, cst.Tuple)):
        for i, element in enumerate(listed.elements):
            if type(element) is not cst.Element:
                return None  # *spread: the parameters are not all visible
            named.append((f"arg{i}", element.value))
    elif type(listed) is cst.Dict:
        for entry in listed.elements:
            key = entry.key if type(entry) is cst.DictElement else None
            if type(key) is not cst.SimpleString:
                return None
            named.append((str(string_value(key)), entry.value))
    else:
        return None
    annotations = AnnotationReader(resolver, is_function=False)
    params = []
    for pname, annotation in named:
        meaning = annotations.read(annotation)
        params.append(ParamSig(pname, meaning.kind, meaning.dtype, Span.point(1)))
    signature = KernelSignature(name, tuple(params), False, False, Span.point(1))
    names = tuple(p.name for p in params)
    return LaunchSignature(signature, names, frozenset(), frozenset(names), variadic=False)


def module_constants(
    body: Sequence[cst.BaseStatement], outer: Mapping[str, int] | None = None
) -> Mapping[str, int]:
    """Module-level names bound once, to an integer expression of literals and earlier
    constants (``TILE = 1 << 10``): what static tile shapes may refer to. Statements nested in
    the module's own blocks count (a script under ``if __name__ == "__main__":``, a ``with``
    or a loop binds the same names); a name bound again anywhere is dropped by the caller.
    ``outer``: the constants of the enclosing scope, which the values may name."""
    values: dict[str, int] = {}
    known: Mapping[str, int] = ChainMap(values, dict(outer)) if outer else values
    assigned: set[str] = set()
    for stmt in scope_statements(body):
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            targets: list[cst.BaseExpression] = []
            value: cst.BaseExpression | None = None
            if type(small) is cst.Assign:
                targets = [t.target for t in small.targets]
                value = small.value
            elif type(small) is cst.AnnAssign:
                targets, value = [small.target], small.value
            elif type(small) is cst.AugAssign:
                targets = [small.target]
            for target in targets:
                for name, item in _paired(target, value):
                    number = const_int(item, known) if item is not None else None
                    if name in assigned or number is None:
                        values.pop(name, None)
                    else:
                        values[name] = number
                    assigned.add(name)
    return values


def _paired(
    target: cst.BaseExpression, value: cst.BaseExpression | None
) -> list[tuple[str, cst.BaseExpression | None]]:
    """The names a target binds, each with its own value where the syntax pairs them
    (``R, H = 4, 64``); None where it does not (``R, H = shape``)."""
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    if not isinstance(target, (cst.Tuple, cst.List)):
        return []
    parts = [e.value for e in target.elements]
    items: list[cst.BaseExpression | None] = [None] * len(parts)
    starred = any(isinstance(e, cst.StarredElement) for e in target.elements)
    if isinstance(value, (cst.Tuple, cst.List)) and not starred:
        shown = value.elements
        if len(shown) == len(parts) and not any(isinstance(e, cst.StarredElement) for e in shown):
            items = [e.value for e in shown]
    return [pair for part, item in zip(parts, items, strict=True) for pair in _paired(part, item)]


_PARTIAL = "functools.partial"


def kernel_partials(
    module: cst.Module,
    kernels: Callable[[str], LaunchSignature | None],
    resolver: NameResolver,
) -> dict[str, LaunchSignature]:
    """``halve = functools.partial(scale, a=0.5)``, anywhere in the module, the name bound
    nowhere else: ``halve`` launches as ``scale`` with those scalars bound. Only scalars:
    a tensor bound there would be borrowed at each call, which this does not follow."""
    if resolver.resolve("functools.partial") != _PARTIAL and resolver.resolve("partial") != (
        _PARTIAL
    ):
        return {}
    found: dict[str, LaunchSignature] = {}
    assigned: dict[str, int] = {}
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.BaseExpression):
            continue
        if isinstance(node, cst.Assign):
            names = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
            for name in names:
                assigned[name] = assigned.get(name, 0) + 1
            value = node.value
            if len(names) == 1 and isinstance(value, cst.Call) and value.args:
                func = dotted_name(value.func)
                kernel_name = dotted_name(value.args[0].value)
                launch = kernels(kernel_name) if kernel_name is not None else None
                if func is not None and resolver.resolve(func) == _PARTIAL and launch is not None:
                    bound = _bound(launch, value.args[1:])
                    if bound is not None:
                        found[names[0]] = bound
            continue
        stack.extend(node.children)
    return {name: launch for name, launch in found.items() if assigned.get(name) == 1}


def _bound(launch: LaunchSignature, args: Sequence[cst.Arg]) -> LaunchSignature | None:
    """``launch`` with ``args`` bound as ``functools.partial`` binds them, if they all go to
    scalar parameters."""
    if any(a.star for a in args):
        return None
    given = [a for a in args if a.keyword is None]
    named = {a.keyword.value for a in args if a.keyword is not None}
    by_position = set(launch.positional[: len(given)])
    if len(given) > len(launch.positional):
        return None
    for name in by_position | named:
        param = launch.signature.param(name)
        if param is None or param.kind not in (ParamKind.SCALAR, ParamKind.CONST):
            return None
    positional = launch.positional[len(given) :]
    for i, name in enumerate(positional):
        if name in named:  # a later positional argument would meet the bound keyword
            positional = positional[:i]
            break
    return replace(
        launch,
        positional=positional,
        keyword=launch.keyword - by_position,
        required=launch.required - by_position - named,
    )
