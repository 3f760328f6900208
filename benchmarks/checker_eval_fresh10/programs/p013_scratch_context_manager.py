"""A scratch-buffer context manager that lends out tiles; the body peeks at the buffer."""

from types import TracebackType

from llmforge import kernels as k

import tilert as tr
from tilert import f32


class Scratch:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), dtype=f32, name="scratch")

    def __enter__(self) -> tr.Partition:
        return self.buf.partition((4,))

    def __exit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        return None


scratch = Scratch(8)
with scratch as part:
    before = scratch.buf.to_numpy().copy()  # expect: TC104
    k.fill(part, 1.0).sync()
print(before, scratch.buf.to_numpy())
