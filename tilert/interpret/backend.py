"""The ``interpret`` backend: tensors in host numpy arrays, kernels run by the interpreter,
streams as ordered queues that run when someone waits on them (so completion is observed
exactly where the GPU would report it), events as points in those queues timed with the host
clock, and graphs replayed by running their ops' steps again."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np

from tilert import interpret
from tilert._core.storage import HostStorage
from tilert.streams import Stream, Ticket


class QueueMark:
    """A point in a CPU stream's queue; its time is taken when the queue reaches it."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream
        self.time: float | None = None
        self.ticket: Ticket = stream.enqueue(self._reached)

    def _reached(self, stream: Stream) -> None:
        self.time = time.perf_counter()

    def done(self) -> bool:
        return self.stream.is_done(self.ticket)

    def synchronize(self) -> None:
        self.stream.run_until(self.ticket)

    def elapsed_ms(self, end: Any) -> float:
        assert self.time is not None and end.time is not None
        return float((end.time - self.time) * 1e3)

    def order(self, waiter: Stream) -> None:
        stream, seq = self.stream, self.ticket.seq
        waiter.enqueue(lambda _: stream._run_through(seq))


class InterpretBackend:
    """Runs kernels on the CPU with the numpy interpreter."""

    name = "interpret"
    device_kind = "cpu"
    launches_at_once = False
    fast_launch = None  # the C launch path is the GPU's

    def allocate(self, array: np.ndarray[Any, Any]) -> HostStorage:
        return HostStorage(array)

    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Stream
    ) -> None:
        interpret.launch(kernel, args, grid)

    def launch_cuda(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Stream
    ) -> None:
        raise RuntimeError(f"cuda kernel `{kernel.name}`: CUDA code runs on the GPU only")

    def order_after(self, waiter: Stream, writer: Stream, seq: int) -> None:
        writer._run_through(seq)  # run the writer's queue that far first

    def record_event(self, stream: Stream) -> QueueMark:
        return QueueMark(stream)

    def capture(self, stream: Stream, body: Callable[[], None]) -> None:
        return None  # a graph replays by running its ops' steps again

    def device_properties(self, index: int) -> tuple[str, int, None]:
        return (_cpu_name(), os.cpu_count() or 1, None)


@cache
def _cpu_name() -> str:
    """The CPU's model name where the system says it (Linux), else what Python knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() == "model name" and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "cpu"
