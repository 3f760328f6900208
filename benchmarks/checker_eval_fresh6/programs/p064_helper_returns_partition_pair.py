"""A helper returns (partition, tensor) so callers can launch into it; the caller keeps the
pair and reads the tensor while the partition in the tuple is still alive."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


def new_output(n: int) -> tuple[tr.Partition, tr.Tensor]:
    t = tr.zeros((n,))
    return t.partition((16,)), t


x = tr.ones((64,))
pair = new_output(64)
part, out = pair
del part
print("before", out.to_numpy()[0])  # expect: TC104
k.scale(pair[0], x, 2.0).sync()
print("after", out.to_numpy()[0])
