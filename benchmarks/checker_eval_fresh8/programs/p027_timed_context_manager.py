"""A user timing context manager: events recorded on the stream at entry and exit; the block's
Pending is waited inside the block, the elapsed time read after."""

from types import TracebackType

import numpy as np
from llmweave.kernels import add

import tilert as tr


class Timed:
    def __init__(self, label: str) -> None:
        self.label = label
        self.ms = 0.0

    def __enter__(self) -> "Timed":
        self.start = tr.current_stream().record()
        return self

    def __exit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> None:
        end = tr.current_stream().record()
        end.synchronize()
        self.ms = self.start.elapsed_ms(end)


a, b, out = tr.ones((64,)), tr.full((64,), 2.0), tr.zeros((64,))
with Timed("add") as t:
    p = add(out.partition((16,)), a, b).submit()
    p.wait()
assert t.ms >= 0.0
assert np.allclose(out.to_numpy(), 3.0)
print(f"{t.label}: {t.ms:.3f} ms")
