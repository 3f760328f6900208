"""Devices and streams: in-order queues of work; ``with stream:`` makes one current."""

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, type_check_only

from typing_extensions import Self

@type_check_only
class _CudaStreamLike(Protocol):
    """Any object with ``__cuda_stream__`` (torch, cupy, cuda.core streams)."""

    def __cuda_stream__(self) -> tuple[int, int]: ...

@dataclass(frozen=True)
class Device:
    index: int = 0
    @property
    def kind(self) -> str: ...

@dataclass(eq=False)
class Ticket:
    run: Callable[[], None]
    done: bool = False
    error: BaseException | None = None
    launched: bool = False

@dataclass(eq=False)
class Stream:
    device: Device = ...
    _queue: deque[Ticket] = ...
    _lock: threading.RLock = ...
    _cuda: Any = None
    _handle: int | None = None
    def cuda_handle(self) -> int: ...
    def enqueue(self, run: Callable[[], None]) -> Ticket: ...
    def run_until(self, ticket: Ticket) -> None: ...
    def synchronize(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, *exc: object) -> None: ...

_StreamLike = Stream | _CudaStreamLike | None  # any stream argument

def running_stream() -> Stream: ...
def current_stream() -> Stream: ...
def as_stream(obj: object) -> Stream: ...
