"""TC201 in the types: a Shared parameter has no ``store`` (the stubs leave it out, so plain
mypy says attr-defined). With the plugin, Shared gets a ``store`` and a ``__setitem__`` that
accept anything, and calling either is reported as tile-store-shared instead, in the rule's
words; ``tl.unsafe.store``/``atomic_add`` into a Shared parameter likewise."""

from __future__ import annotations

from mypy.nodes import (
    ARG_STAR,
    ARG_STAR2,
    Argument,
    CallExpr,
    Expression,
    IndexExpr,
    MemberExpr,
    Var,
)
from mypy.plugin import ClassDefContext, MethodContext, MethodSigContext
from mypy.plugins.common import add_method_to_class
from mypy.types import (
    AnyType,
    CallableType,
    Instance,
    NoneType,
    Type,
    TypeOfAny,
    UnionType,
    get_proper_type,
)

from tilecheck_mypy import codes, messages, names
from tilecheck_mypy.aliases import shown
from tilecheck_mypy.lookup import instance

_WRITES = ("store", "__setitem__")


def add_writes(ctx: ClassDefContext) -> None:
    """On ``class Shared(_SharedParameter[T])``: give Shared the writes the hooks report."""
    if ctx.cls.fullname != names.SHARED:
        return
    anything = AnyType(TypeOfAny.explicit)
    for method in _WRITES:
        if method in ctx.cls.info.names:
            continue  # the class is analyzed again after a deferral
        args = [
            Argument(Var("args", anything), anything, None, ARG_STAR),
            Argument(Var("kwargs", anything), anything, None, ARG_STAR2),
        ]
        add_method_to_class(ctx.api, ctx.cls, method, args, NoneType())


def report_store(ctx: MethodContext) -> Type:
    """``x.store(tile)`` or ``x[i] = v`` with ``x`` Shared."""
    receiver: Expression | None = None
    if isinstance(ctx.context, CallExpr) and isinstance(ctx.context.callee, MemberExpr):
        receiver = ctx.context.callee.expr
    elif isinstance(ctx.context, IndexExpr):
        receiver = ctx.context.base
    message = messages.store_to_shared(shown(receiver) if receiver is not None else None)
    ctx.api.fail(message, ctx.context, code=codes.STORE_SHARED)
    return ctx.default_return_type


def widen_unsafe_target(ctx: MethodSigContext) -> CallableType:
    """``tl.unsafe.store(target, ...)`` takes a Mutable parameter; a Shared one is let through
    here so that ``report_unsafe_write`` names it as TC201 rather than a type mismatch."""
    signature = ctx.default_signature
    if not signature.arg_types:
        return signature
    target = get_proper_type(signature.arg_types[0])
    if not isinstance(target, Instance) or target.type.fullname != names.MUTABLE:
        return signature
    shared = instance(ctx.api, names.SHARED, list(target.args))
    if shared is None:
        return signature
    widened = UnionType([target, shared])
    return signature.copy_modified(arg_types=[widened, *signature.arg_types[1:]])


def report_unsafe_write(ctx: MethodContext, function: str) -> Type:
    if ctx.arg_types and ctx.arg_types[0] and ctx.args[0]:
        target = get_proper_type(ctx.arg_types[0][0])
        if isinstance(target, Instance) and target.type.has_base(names.SHARED):
            message = messages.unsafe_write_to_shared(shown(ctx.args[0][0]), function)
            ctx.api.fail(message, ctx.args[0][0], code=codes.STORE_SHARED)
    return ctx.default_return_type
