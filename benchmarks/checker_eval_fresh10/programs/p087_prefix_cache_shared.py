"""A prefix cache shared by two requests: both read it in flight, and so does the host."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class PrefixCache:
    def __init__(self) -> None:
        self.entries: dict[str, Tensor[f32]] = {}

    def get(self, key: str) -> Tensor[f32]:
        if key not in self.entries:
            self.entries[key] = tr.arange(8, dtype=f32, name=f"prefix:{key}")
        return self.entries[key]


cache = PrefixCache()
outs = [tr.zeros((8,), dtype=f32) for _ in range(2)]
pends = [k.scale(tiles(o), cache.get("sys"), float(i + 1)).submit() for i, o in enumerate(outs)]
prefix_len = int((cache.get("sys").to_numpy() >= 0).sum())
for p in pends:
    p.wait()
assert prefix_len == 8
np.testing.assert_allclose(outs[1].to_numpy(), 2 * np.arange(8))
