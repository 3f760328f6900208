"""A profiler context manager: records an event on entry and exit of the stream and reports the
elapsed time; the launch inside the block is waited before the block ends."""

from __future__ import annotations

from types import TracebackType

import numpy as np
from llmroute import kernels as K

import tilert as tr


class CudaTimer:
    def __init__(self, label: str, stream: tr.Stream) -> None:
        self.label = label
        self.stream = stream
        self.ms = 0.0

    def __enter__(self) -> CudaTimer:
        self.start = self.stream.record()
        return self

    def __exit__(
        self, tp: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        end = self.stream.record()
        end.synchronize()
        self.ms = self.start.elapsed_ms(end)


stream = tr.Stream()
w = tr.from_numpy(np.eye(64, dtype=np.float32))
x = tr.arange(64)
y = tr.zeros((64,), name="y")
with CudaTimer("gemv", stream) as timer:
    pending = K.matvec(y.partition((16,)), w, x, 16).submit(stream)
    pending.wait()
assert np.array_equal(y.to_numpy(), np.arange(64))
print(f"{timer.label}: {timer.ms:.3f} ms")
