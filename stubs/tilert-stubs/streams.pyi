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

class Ticket:
    run: Callable[[Stream], None]
    seq: int
    done: bool
    error: BaseException | None
    launched: bool
    def __init__(self, run: Callable[[Stream], None], seq: int = 0) -> None: ...

@dataclass(eq=False)
class Stream:
    device: Device = ...
    _queue: deque[Ticket] = ...
    _lock: threading.RLock = ...
    _cuda: Any = None
    _handle: int | None = None
    _launched: int = 0
    _completed: int = 0
    _capturing: bool = False
    _cu: Any = None
    def cuda_handle(self) -> int: ...
    def wait_for_launch(self, other: Stream, seq: int) -> None: ...
    def enqueue(self, run: Callable[[Stream], None]) -> Ticket: ...
    def is_done(self, ticket: Ticket) -> bool: ...
    def run_until(self, ticket: Ticket) -> None: ...
    def synchronize(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, *exc: object) -> None: ...

_StreamLike = Stream | _CudaStreamLike | None  # any stream argument

def current_stream() -> Stream: ...
def as_stream(obj: object) -> Stream: ...
