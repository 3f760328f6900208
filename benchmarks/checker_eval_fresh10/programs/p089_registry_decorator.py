"""A model registry filled by a decorator; models looked up by name and run."""

from collections.abc import Callable

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32

REGISTRY: dict[str, Callable[[Tensor[f32], Tensor[f32]], tr.Op]] = {}


def register(name: str) -> Callable[[Callable[..., tr.Op]], Callable[..., tr.Op]]:
    def deco(fn: Callable[..., tr.Op]) -> Callable[..., tr.Op]:
        REGISTRY[name] = fn
        return fn

    return deco


@register("tiny")
def tiny(out: Tensor[f32], x: Tensor[f32]) -> tr.Op:
    return k.scale(tiles(out), x, 2.0)


@register("relu")
def relu(out: Tensor[f32], x: Tensor[f32]) -> tr.Op:
    return k.relu(tiles(out), x)


x = tr.from_numpy(np.linspace(-1, 1, 8, dtype=np.float32))
outputs = {name: tr.zeros((8,), dtype=f32) for name in REGISTRY}
pendings = {name: REGISTRY[name](outputs[name], x).submit() for name in REGISTRY}
for name, p in pendings.items():
    p.wait()
    assert outputs[name].to_numpy().shape == (8,)
np.testing.assert_allclose(outputs["tiny"].to_numpy(), 2 * x.to_numpy())
