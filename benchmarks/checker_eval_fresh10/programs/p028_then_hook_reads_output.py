"""A .then hook that logs the first step's output before chaining the second."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32, name="y")
z = tr.zeros((8,), dtype=f32, name="z")


def log_then_copy(*_: object) -> tr.Op:
    print("y =", y.to_numpy())  # expect: TC102
    return k.copy(tiles(z), x)


k.scale(tiles(y), x, 2.0).then(log_then_copy).sync()  # expect-also
