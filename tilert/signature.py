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

    @property
    def scalar_name(self) -> str:
        """How a message names its scalar type: ``int``, ``float``, ``bool`` or the dtype."""
        return self.py_type.__name__ if self.py_type is not None else str(self.dtype)
