"""``@tr.kernel`` keeps the kernel's parameters in its type (``Kernel[P]``); the mypy plugin
turns them into the host signature of a launch (Mutable -> Partition, Shared -> Tensor)."""

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar, overload, type_check_only

from typing_extensions import ParamSpec

from tilert.ops import Op
from tilert.signature import Param

_P = ParamSpec("_P", default=...)  # a bare `Kernel` takes any arguments
_P2 = ParamSpec("_P2")
F = TypeVar("F", bound=Callable[..., Any])

class DeviceFunction:
    """A helper callable from kernels (``@tr.function``)."""

    fn: Callable[..., Any]
    name: str
    def __init__(self, fn: Callable[..., Any]) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...

class Kernel(Generic[_P]):
    """A validated tile kernel; calling it with partitions, tensors and scalars returns an Op."""

    fn: Callable[_P, None]
    name: str
    unsafe: bool
    options: dict[str, Any]
    params: tuple[Param, ...]
    def __init__(self, fn: Callable[_P, None], *, unsafe: bool = False, **options: Any) -> None: ...
    def with_options(self, **options: Any) -> Kernel[_P]: ...
    def lower(
        self, tile_shapes: dict[str, Sequence[int]] | None = None, mapped: Sequence[str] = ()
    ) -> str: ...
    def __call__(
        self, *args: object, grid: Sequence[int] | int | None = None, **kwargs: object
    ) -> Op: ...

@type_check_only
class _KernelDecorator(Protocol):
    """What ``tr.kernel(unsafe=..., ...)`` returns: a decorator keeping the parameters."""

    def __call__(self, fn: Callable[_P2, None], /) -> Kernel[_P2]: ...

@overload
def kernel(fn: Callable[_P, None], /) -> Kernel[_P]: ...
@overload
def kernel(fn: None = None, /, *, unsafe: bool = False, **options: Any) -> _KernelDecorator: ...
def function(fn: F) -> F: ...
