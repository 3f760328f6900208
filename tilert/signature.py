"""A kernel's runtime parameter list: kinds from tilecheck, dtypes as tilert classes."""

from __future__ import annotations

from dataclasses import dataclass

from tilecheck.kernel_signature import ParamKind
from tilert.dtypes import DType

__all__ = ["Param", "ParamKind"]


@dataclass(frozen=True)
class Param:
    name: str
    kind: ParamKind
    dtype: type[DType] | None  # element type of a tensor parameter, or a dtype-typed scalar
    py_type: type | None = None  # int / float / bool for scalars and Const
