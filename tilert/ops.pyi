"""Lazy operations, generic over their outputs: a launch of ``k(z: Mutable[Tensor[f32]],
x: Shared[Tensor[f32]], a: float)`` is an ``Op[Partition[f32], Tensor[f32], float]`` (with the
mypy plugin), and ``.sync()`` returns ``tuple[Partition[f32], Tensor[f32], float]``."""

from collections.abc import Callable, Generator, Sequence
from typing import Any, Generic

from typing_extensions import TypeVarTuple, Unpack

from tilert.streams import Stream, Ticket, _StreamLike

_Ts = TypeVarTuple("_Ts", default=Unpack[tuple[Any, ...]])
_Us = TypeVarTuple("_Us")

Step = Callable[[Stream], None]
Outputs = tuple[Any, ...] | Callable[[], tuple[Any, ...]]
# the launch step's maker (tilert._launch registers it)
make_launch_step: Callable[[Any, tuple[Any, ...], tuple[int, ...]], Step] | None
IN_FLIGHT: Any  # the ownership group of submitted, unwaited launches (reads may follow them)

class Op(Generic[Unpack[_Ts]]):
    """Nothing runs until ``sync``, ``submit``, ``await`` or a graph launch."""

    label: str
    def __init__(
        self,
        label: str,
        holders: Sequence[Any],
        steps: Sequence[Step] | None,
        outputs: tuple[Unpack[_Ts]] | Callable[[], tuple[Unpack[_Ts]]],
        origin: Any = None,
        kernel: Any = None,
        grid: tuple[int, ...] = (),
    ) -> None: ...
    @property
    def where(self) -> str: ...
    def sync(self) -> tuple[Unpack[_Ts]]: ...
    def sync_on(self, stream: Stream) -> tuple[Unpack[_Ts]]: ...
    def submit(self, stream: _StreamLike = None) -> Pending[Unpack[_Ts]]: ...
    def __await__(self) -> Generator[Any, None, tuple[Unpack[_Ts]]]: ...
    def then(self, fn: Callable[[Unpack[_Ts]], Op[Unpack[_Us]]]) -> Op[Unpack[_Us]]: ...
    def __del__(self) -> None: ...

class Pending(Generic[Unpack[_Ts]]):
    """A submitted op: ``wait()`` releases its borrows, ``done()`` only asks."""

    label: str
    stream: Stream
    where: str
    def __init__(
        self,
        label: str,
        stream: Stream,
        ticket: Ticket | int,
        holders: Sequence[Any],
        outputs: tuple[Unpack[_Ts]] | Callable[[], tuple[Unpack[_Ts]]],
        where: str,
        releases: bool = True,
    ) -> None: ...
    def done(self) -> bool: ...
    def wait(self) -> tuple[Unpack[_Ts]]: ...
    def __await__(self) -> Generator[Any, None, tuple[Unpack[_Ts]]]: ...
    def __del__(self) -> None: ...

def zip(*ops: Op[Unpack[tuple[Any, ...]]]) -> Op[Unpack[tuple[Any, ...]]]: ...
def mark_writer(holders: Sequence[Any], stream: Stream, seq: int) -> None: ...
def chained(op: Op[Unpack[tuple[Any, ...]]]) -> bool: ...
