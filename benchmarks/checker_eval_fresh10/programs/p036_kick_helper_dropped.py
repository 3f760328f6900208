"""A local kick() helper that submits and returns the Pending; the warm-up caller drops it."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def kick(out: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return k.relu(tiles(out), x).submit()  # expect: TC108


def warm_up() -> None:
    buf = tr.zeros((8,), dtype=f32)
    kick(buf, tr.ones((8,), dtype=f32))  # expect-also


warm_up()
print("warm")
