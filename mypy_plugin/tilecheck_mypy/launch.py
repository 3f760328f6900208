"""A kernel launch, ``k(args...)``: each argument against the kernel's host signature (TC106,
tile-dtype), the arity (TC106), and a tensor written through a partition that the launch
passes again (TC101). The stub's ``Kernel.__call__`` accepts anything, so every problem is
reported here once, in the runtime's and tilecheck's words; the call's type becomes
``Op[<host parameter types>]``, what ``.sync()`` returns."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from mypy import errorcodes
from mypy.argmap import map_actuals_to_formals
from mypy.checker import TypeChecker
from mypy.messages import format_type
from mypy.nodes import ArgKind, CallExpr, Expression
from mypy.plugin import MethodContext
from mypy.subtypes import is_subtype
from mypy.types import (
    AnyType,
    Instance,
    Type,
    TypeOfAny,
    TypeVarType,
    UnionType,
    get_proper_type,
)

from tilecheck_mypy import codes, messages, names
from tilecheck_mypy.aliases import Aliases, shown
from tilecheck_mypy.host_signature import (
    HostParam,
    HostSignature,
    Kind,
    host_signature,
    kernel_parameters,
)
from tilecheck_mypy.lookup import instance
from tilecheck_mypy.scopes import AliasCache

GRID_KEYWORD = "grid"  # every launch takes grid=, outside the kernel's own parameters
_NUMPY_SCALAR_BASES = ("numpy.number", "numpy.bool", "numpy.bool_")
# what makes another framework's array (torch, cupy, jax, numpy) one tr.from_dlpack takes
_FOREIGN_ARRAY_MEMBERS = ("__dlpack__", "__cuda_array_interface__")


@dataclass(frozen=True)
class _Actual:
    index: int  # position in the call, 0-based
    expr: Expression
    kind: ArgKind
    name: str | None
    type: Type


def check_launch(ctx: MethodContext, aliases: AliasCache) -> Type:
    params = kernel_parameters(ctx.type)
    call = ctx.context
    if params is None or not isinstance(call, CallExpr):
        return ctx.default_return_type
    signature = host_signature(_kernel_name(call), params, ctx.api)
    actuals = _actuals(ctx, call)
    if any(a.kind.is_star() for a in actuals) or signature.variadic:
        return _op_type(ctx, signature)  # what binds where is not visible
    launch = [a for a in actuals if not _is_grid(a, signature)]
    formal_to_actual = map_actuals_to_formals(
        [a.kind for a in launch],
        [a.name for a in launch],
        [p.arg_kind for p in signature.params],
        [p.name for p in signature.params],
        lambda i: launch[i].type,
    )
    if _report_arity(ctx, signature, launch, formal_to_actual):
        return _op_type(ctx, signature)
    bound = [
        (param, launch[indices[0]])
        for param, indices in zip(signature.params, formal_to_actual, strict=True)
        if indices
    ]
    kinds_ok = True
    for param, actual in bound:
        kinds_ok &= _check_argument(ctx, signature, param, actual)
    if kinds_ok:
        _check_aliasing(ctx, signature, bound, aliases)
    return _op_type(ctx, signature)


def _kernel_name(call: CallExpr) -> str:
    callee = shown(call.callee)
    return callee.rpartition(".")[2] if callee else "kernel"


def _actuals(ctx: MethodContext, call: CallExpr) -> list[_Actual]:
    """The call's arguments in source order, with the types mypy inferred for them."""
    types: dict[int, Type] = {}
    for exprs, arg_types in zip(ctx.args, ctx.arg_types, strict=True):
        for expr, typ in zip(exprs, arg_types, strict=True):
            types[id(expr)] = typ
    return [
        _Actual(i, expr, kind, name, types.get(id(expr), AnyType(TypeOfAny.special_form)))
        for i, (expr, kind, name) in enumerate(
            zip(call.args, call.arg_kinds, call.arg_names, strict=True)
        )
    ]


def _is_grid(actual: _Actual, signature: HostSignature) -> bool:
    return actual.name == GRID_KEYWORD and all(p.name != GRID_KEYWORD for p in signature.params)


# -- arity ---------------------------------------------------------------------------------
def _report_arity(
    ctx: MethodContext,
    signature: HostSignature,
    launch: list[_Actual],
    formal_to_actual: list[list[int]],
) -> bool:
    """The first argument that does not fit the signature (in call order, as Python's
    TypeError names it), else the missing parameters; True when one was reported."""
    kernel = signature.kernel
    takes = sum(1 for p in signature.params if p.arg_kind.is_positional())
    keywords = {p.name for p in signature.params if p.name is not None}
    duplicates = {
        extra: param.name or "?"
        for param, indices in zip(signature.params, formal_to_actual, strict=True)
        for extra in indices[1:]
    }
    given = sum(1 for a in launch if a.kind == ArgKind.ARG_POS)
    position = 0
    for i, actual in enumerate(launch):
        message: str | None = None
        if actual.kind == ArgKind.ARG_POS:
            if position == takes:
                message = messages.too_many_positional(kernel, takes, given)
            position += 1
        elif actual.name is not None and actual.name not in keywords:
            message = messages.unknown_keyword(kernel, actual.name)
        if message is None and i in duplicates:
            message = messages.duplicate_value(kernel, duplicates[i])
        if message is not None:
            ctx.api.fail(message, actual.expr, code=codes.ARGUMENT_KIND)
            return True
    missing = [
        p.name or f"#{n + 1}"
        for n, (p, indices) in enumerate(zip(signature.params, formal_to_actual, strict=True))
        if p.arg_kind.is_required() and not indices
    ]
    if missing:
        message = messages.missing_arguments(kernel, missing)
        ctx.api.fail(message, ctx.context, code=codes.ARGUMENT_KIND)
        return True
    return False


# -- kinds and dtypes ----------------------------------------------------------------------
def _check_argument(
    ctx: MethodContext, signature: HostSignature, param: HostParam, actual: _Actual
) -> bool:
    """Report what is wrong with one argument; True when nothing is."""
    got = _category(actual.type)
    name, kernel = param.name or "?", signature.kernel
    message: str | None = None
    code = codes.ARGUMENT_KIND
    if got == "any" or is_subtype(actual.type, param.host_type):
        return True
    if param.kind is Kind.MUTABLE:
        if got == "tensor":
            message = messages.tensor_to_mutable(name, kernel, shown(actual.expr))
        elif got == "partition":
            message, code = _dtype_message(ctx, param, name, kernel, actual), codes.DTYPE
    elif param.kind is Kind.SHARED:
        if got == "partition":
            message = messages.partition_to_shared(name, kernel)
        elif got == "tensor":
            message, code = _dtype_message(ctx, param, name, kernel, actual), codes.DTYPE
        elif got == "foreign":
            return True  # the runtime shares it for the launch (tr.from_dlpack), dtype checked then
    elif param.kind is Kind.SCALAR:
        if got in ("tensor", "partition"):
            message = messages.tensor_to_scalar(name, kernel)
        elif got == "numpy-scalar":
            return True  # the runtime takes numpy scalars wherever Python ones go
    if message is None and param.kind in (Kind.MUTABLE, Kind.SHARED):
        expected = format_type(param.host_type, ctx.api.options)
        message = messages.wrong_kind(
            name, kernel, param.kind.value, expected, format_type(actual.type, ctx.api.options)
        )
    if message is None:
        message = messages.incompatible_argument(
            actual.index + 1,
            kernel,
            format_type(actual.type, ctx.api.options),
            format_type(param.host_type, ctx.api.options),
        )
        code = errorcodes.ARG_TYPE
    ctx.api.fail(message, actual.expr, code=code)
    return False


def _dtype_message(
    ctx: MethodContext, param: HostParam, name: str, kernel: str, actual: _Actual
) -> str:
    expected = param.dtype if param.dtype is not None else AnyType(TypeOfAny.special_form)
    return messages.dtype_mismatch(
        name,
        kernel,
        _dtype_name(expected, ctx),
        format_type(actual.type, ctx.api.options),
    )


def _dtype_name(dtype: Type, ctx: MethodContext) -> str:
    proper = get_proper_type(dtype)
    if isinstance(proper, Instance):
        return proper.type.name
    return format_type(dtype, ctx.api.options).strip('"')


def _category(typ: Type) -> str:
    """What an argument is, as the kind rules see it."""
    proper = get_proper_type(typ)
    if isinstance(proper, TypeVarType):
        return _category(proper.upper_bound)
    if isinstance(proper, AnyType):
        return "any"
    if isinstance(proper, UnionType):
        found = {_category(item) for item in proper.items}
        return found.pop() if len(found) == 1 else "mixed"
    if isinstance(proper, Instance):
        if proper.type.has_base(names.TENSOR):
            return "tensor"
        if proper.type.has_base(names.PARTITION):
            return "partition"
        if any(proper.type.has_base(base) for base in _NUMPY_SCALAR_BASES):
            return "numpy-scalar"
        if any(proper.type.get(member) is not None for member in _FOREIGN_ARRAY_MEMBERS):
            return "foreign"
    return "other"


# -- aliasing ------------------------------------------------------------------------------
def _check_aliasing(
    ctx: MethodContext,
    signature: HostSignature,
    bound: list[tuple[HostParam, _Actual]],
    cache: AliasCache,
) -> None:
    """TC101, as the runtime checks it: Mutable partitions first, then the Shared tensors."""
    if not isinstance(ctx.api, TypeChecker):
        return
    aliases: Aliases = cache.for_checker(ctx.api)
    writes = [(p, a) for p, a in bound if p.kind is Kind.MUTABLE]
    reads = [(p, a) for p, a in bound if p.kind is Kind.SHARED]
    seen: dict[Hashable, HostParam] = {}
    for param, actual in [*writes, *reads]:
        root = aliases.root(actual.expr)
        if root is None:
            continue
        first = seen.get(root)
        if first is not None:
            message = messages.mutable_alias(
                shown(actual.expr), signature.kernel, first.name or "?", param.name or "?"
            )
            ctx.api.fail(message, actual.expr, code=codes.MUTABLE_ALIAS)
            return
        if param.kind is Kind.MUTABLE:
            seen[root] = param


# -- the result ----------------------------------------------------------------------------
def _op_type(ctx: MethodContext, signature: HostSignature) -> Type:
    """``Op[<host types>]``: ``.sync()`` returns the launch's arguments in parameter order.
    (A variadic generic instance lists the types its TypeVarTuple stands for one by one.)"""
    if signature.variadic:
        return ctx.default_return_type
    op = instance(ctx.api, names.OP, [p.host_type for p in signature.params])
    return op if op is not None else ctx.default_return_type
