"""A kernel's host signature: what a launch passes for each parameter. ``@tr.kernel`` keeps the
kernel's parameters in its type (``Kernel[P]``, a ParamSpec); this maps each one:
``Mutable[Tensor[dt]]`` -> ``Partition[dt]``, ``Shared[Tensor[dt]]`` -> ``Tensor[dt]``, a
dtype-annotated scalar -> the Python scalar of its kind; ``int float bool`` and ``Const[...]``
(already its value's type) stay as they are."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mypy.nodes import ArgKind
from mypy.plugin import CheckerPluginInterface
from mypy.types import (
    AnyType,
    CallableType,
    Instance,
    Parameters,
    ProperType,
    Type,
    TypeOfAny,
    get_proper_type,
)

from tilecheck_mypy import names
from tilecheck_mypy.lookup import instance


class Kind(enum.Enum):
    MUTABLE = "Mutable"
    SHARED = "Shared"
    SCALAR = "a scalar"
    OTHER = "other"  # an annotation the runtime refuses (TC206): checked as written


@dataclass(frozen=True)
class HostParam:
    name: str | None  # None for a positional-only parameter
    arg_kind: ArgKind
    kind: Kind
    host_type: Type  # what a launch passes
    dtype: Type | None  # the element type of a tensor parameter


@dataclass(frozen=True)
class HostSignature:
    kernel: str
    params: tuple[HostParam, ...]

    @property
    def variadic(self) -> bool:
        return any(p.arg_kind.is_star() for p in self.params)


def kernel_parameters(kernel_type: ProperType) -> Parameters | CallableType | None:
    """The ParamSpec value of a ``Kernel[P]`` instance, when it is known."""
    if not isinstance(kernel_type, Instance) or not kernel_type.args:
        return None
    value = get_proper_type(kernel_type.args[0])
    return value if isinstance(value, (Parameters, CallableType)) else None


def host_signature(
    kernel: str, params: Parameters | CallableType, api: CheckerPluginInterface
) -> HostSignature:
    out = []
    for name, arg_kind, declared in zip(
        params.arg_names, params.arg_kinds, params.arg_types, strict=True
    ):
        kind, host, dtype = _host_param(declared, api)
        out.append(HostParam(name, arg_kind, kind, host, dtype))
    return HostSignature(kernel, tuple(out))


def _host_param(declared: Type, api: CheckerPluginInterface) -> tuple[Kind, Type, Type | None]:
    proper = get_proper_type(declared)
    if isinstance(proper, Instance):
        fullname = proper.type.fullname
        if fullname in (names.MUTABLE, names.SHARED):
            dtype = tensor_dtype(proper.args[0]) if proper.args else None
            element = dtype if dtype is not None else AnyType(TypeOfAny.special_form)
            kind = Kind.MUTABLE if fullname == names.MUTABLE else Kind.SHARED
            host = instance(
                api, names.PARTITION if kind is Kind.MUTABLE else names.TENSOR, [element]
            )
            if host is not None:
                return kind, host, dtype
        scalar = _scalar_of_dtype(proper)
        if scalar is not None:
            return Kind.SCALAR, api.named_generic_type(scalar, []), None
        if fullname in ("builtins.int", "builtins.float", "builtins.bool"):
            return Kind.SCALAR, declared, None
    return Kind.OTHER, declared, None


def tensor_dtype(typ: Type) -> Type | None:
    """``f32`` for ``Tensor[f32]`` or ``Partition[f32]``; None for anything else."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.args:
        if proper.type.fullname in (names.TENSOR, names.PARTITION):
            return proper.args[0]
    return None


def _scalar_of_dtype(typ: Instance) -> str | None:
    """``builtins.float`` for a parameter annotated with a float dtype (``a: tl.f32``)."""
    if not typ.type.has_base(names.DTYPE_BASE) or typ.type.module_name != names.DTYPES_MODULE:
        return None
    if typ.type.name in names.FLOAT_DTYPES:
        return "builtins.float"
    if typ.type.name in names.INT_DTYPES:
        return "builtins.int"
    if typ.type.name in names.BOOL_DTYPES:
        return "builtins.bool"
    return None
