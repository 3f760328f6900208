"""A kernel's runtime parameter list: kinds from tilecheck, dtypes as tilert classes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from tilecheck.kernel_signature import ParamKind
from tilert.dtypes import DType

__all__ = ["Param", "ParamKind"]


@dataclass(frozen=True)
class Param:
    name: str
    kind: ParamKind
    dtype: type[DType] | None  # element type of a tensor parameter, or a dtype-typed scalar
    py_type: type | None = None  # int / float / bool for scalars and Const

    @cached_property
    def accepts(self) -> tuple[type, ...]:
        """The Python and numpy types a scalar argument of this parameter may have: checked
        when the op is made, so that a float never silently truncates into an int."""
        np_type = self.dtype.np_dtype.type if self.dtype is not None else None
        if self.py_type is bool or np_type is np.bool_:
            return (bool, np.bool_)
        if self.py_type is int or (np_type is not None and issubclass(np_type, np.integer)):
            return (int, np.integer)
        return (int, float, np.integer, np.floating)

    @cached_property
    def limits(self) -> tuple[int, int] | None:
        """The integers a scalar argument may hold, as the GPU passes it: an ``int`` parameter
        crosses ``ct.launch`` as an int32, one annotated with an integer dtype as an int64 and
        then that dtype; None for the others."""
        if self.kind is ParamKind.CONST:
            return None
        if self.dtype is None:
            return (-(2**31), 2**31 - 1) if self.py_type is int else None
        if self.dtype.kind not in "iu":
            return None
        info = np.iinfo(self.dtype.np_dtype.str)
        return max(int(info.min), -(2**63)), min(int(info.max), 2**63 - 1)

    @property
    def scalar_name(self) -> str:
        """How a message names its scalar type: ``int``, ``float``, ``bool`` or the dtype."""
        return self.py_type.__name__ if self.py_type is not None else str(self.dtype)
