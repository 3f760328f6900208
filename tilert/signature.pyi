from dataclasses import dataclass
from functools import cached_property

from tilecheck.kernel_signature import ParamKind as ParamKind
from tilert.dtypes import DType

__all__ = ["Param", "ParamKind"]

@dataclass(frozen=True)
class Param:
    name: str
    kind: ParamKind
    dtype: type[DType] | None
    py_type: type | None = None
    @cached_property
    def accepts(self) -> tuple[type, ...]: ...
    @cached_property
    def limits(self) -> tuple[int, int] | None: ...
    @property
    def scalar_name(self) -> str: ...
