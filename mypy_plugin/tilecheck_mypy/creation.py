"""dtypes through creation calls the stubs leave as ``Tensor[Any]``: a dtype named by a string
(``tr.zeros(n, dtype="f16")``) or by numpy (``dtype=np.float16``). Dtype classes are typed by
the stubs themselves (``dtype=f16`` gives ``Tensor[f16]``)."""

from __future__ import annotations

from mypy.nodes import Expression, RefExpr, StrExpr
from mypy.plugin import FunctionContext
from mypy.types import AnyType, Instance, Type, get_proper_type

from tilecheck_mypy import names
from tilecheck_mypy.lookup import instance

_TILERT_NAMES = frozenset(names.FLOAT_DTYPES | names.INT_DTYPES | names.BOOL_DTYPES)


def narrow_creation(ctx: FunctionContext) -> Type:
    default = get_proper_type(ctx.default_return_type)
    if not (
        isinstance(default, Instance)
        and default.type.fullname == names.TENSOR
        and default.args
        and isinstance(get_proper_type(default.args[0]), AnyType)
    ):
        return ctx.default_return_type
    expr = _dtype_argument(ctx)
    dtype = _dtype_named_by(expr) if expr is not None else None
    if dtype is None:
        return ctx.default_return_type
    element = instance(ctx.api, f"{names.DTYPES_MODULE}.{dtype}", [])
    tensor = instance(ctx.api, names.TENSOR, [element]) if element is not None else None
    return tensor if tensor is not None else ctx.default_return_type


def _dtype_argument(ctx: FunctionContext) -> Expression | None:
    """The expression passed as ``dtype`` (by keyword or position: both map to that formal)."""
    for formal, exprs in enumerate(ctx.args):
        if ctx.callee_arg_names[formal] == "dtype" and exprs:
            return exprs[0]
    return None


def _dtype_named_by(expr: Expression) -> str | None:
    """``"f16"`` for ``"f16"``, ``"float16"``, ``np.float16`` or ``ml_dtypes.bfloat16``."""
    if isinstance(expr, StrExpr):
        name = "bool_" if expr.value == "bool" else expr.value
        if name in _TILERT_NAMES:
            return name
        return names.NUMPY_DTYPE_NAMES.get(expr.value)
    if isinstance(expr, RefExpr) and expr.fullname:
        module, _, name = expr.fullname.rpartition(".")
        if module.partition(".")[0] in names.DTYPE_MODULES:
            return names.NUMPY_DTYPE_NAMES.get(name)
    return None
