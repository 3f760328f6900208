"""An SGD step over (param, grad) pairs, issued while a forward that reads the params is queued."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def sgd_step(pairs: list[tuple[Tensor[f32], Tensor[f32]]], lr: float) -> None:
    for param, grad in pairs:
        k.axpy(tiles(param), grad, -lr).sync()  # expect: TC103


params = [tr.ones((8,), dtype=f32, name=f"w{i}") for i in range(2)]
grads = [tr.full((8,), 0.5, dtype=f32) for _ in params]
acts = [tr.zeros((8,), dtype=f32) for _ in params]
forward = [k.mul(tiles(a), p, p).submit() for a, p in zip(acts, params, strict=True)]
sgd_step(list(zip(params, grads, strict=True)), lr=0.1)  # expect-also
for f in forward:
    f.wait()
