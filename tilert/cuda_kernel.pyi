"""``tr.cuda_kernel``: CUDA C++, PTX or cubins launched under the borrow rules of kernels."""

from collections.abc import Mapping, Sequence
from typing import Any

from tilert.ops import Op
from tilert.signature import Param

CodeType = str

class CudaKernel:
    """A CUDA kernel with a tilert signature; calling it returns an Op."""

    unsafe: bool
    source: str | bytes
    name: str
    defined_at: str
    code_type: CodeType
    params: tuple[Param, ...]
    block: tuple[int, ...]
    def __init__(
        self,
        source: str | bytes,
        name: str,
        params: Sequence[Any] | Mapping[str, Any],
        block: int | Sequence[int],
        *,
        code_type: CodeType | None = None,
        defined_at: str = "<unknown>",
    ) -> None: ...
    def __call__(self, *args: Any, grid: Sequence[int] | int | None = None) -> Op: ...

def cuda_kernel(
    source: str | bytes,
    name: str,
    *,
    params: Sequence[Any] | Mapping[str, Any],
    block: int | Sequence[int],
    code_type: CodeType | None = None,
) -> CudaKernel: ...
