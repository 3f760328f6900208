"""A context manager submits the KV prefetch on entry and waits it on exit; the host reads
the prefetched buffer only after the `with` block."""

from __future__ import annotations

from types import TracebackType

from llmforge import kernels as k

import tilert as tr


class Prefetch:
    def __init__(self, dst: tr.Tensor, src: tr.Tensor) -> None:
        self.dst = dst
        self.src = src
        self.pending: tr.Pending | None = None

    def __enter__(self) -> tr.Tensor:
        self.pending = k.copy(self.dst.partition((16,)), self.src).submit()
        return self.dst

    def __exit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dst = tr.zeros((64,))
with Prefetch(dst, tr.full((64,), 9.0)) as buf:
    other = tr.ones((64,)).to_numpy().sum()
assert buf.to_numpy()[0] == 9.0
print(other, buf.to_numpy()[0])
