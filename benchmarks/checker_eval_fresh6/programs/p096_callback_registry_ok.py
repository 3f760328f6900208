"""Callbacks registered in a dict by a decorator; each callback builds and syncs its own op,
so running every hook twice is fine."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from llmforge import kernels as k

import tilert as tr

HOOKS: dict[str, Callable[[tr.Tensor], None]] = {}
stats = tr.zeros((64,))


def hook(name: str) -> Callable[[Callable[[tr.Tensor], None]], Callable[[tr.Tensor], None]]:
    def register(fn: Callable[[tr.Tensor], None]) -> Callable[[tr.Tensor], None]:
        HOOKS[name] = fn
        return fn

    return register


@hook("accumulate")
def accumulate(x: tr.Tensor) -> None:
    k.acc(stats.partition((16,)), x).sync()


@hook("decay")
def decay(x: tr.Tensor) -> None:
    k.scale_(stats.partition((16,)), 0.5).sync()


x = tr.ones((64,))
for _ in range(2):
    for fn in HOOKS.values():
        fn(x)
assert np.all(stats.to_numpy() == 0.75)
print(stats.to_numpy()[0])
