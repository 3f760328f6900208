"""Launchers registered by a decorator under a name; the "residual" launcher is given the
layer's output as its own input (one launch both writes and reads it)."""

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

LAUNCHERS: dict[str, Callable[["Block"], tr.Op]] = {}


def launcher(name: str) -> Callable[[Callable[["Block"], tr.Op]], Callable[["Block"], tr.Op]]:
    def register(fn: Callable[["Block"], tr.Op]) -> Callable[["Block"], tr.Op]:
        LAUNCHERS[name] = fn
        return fn

    return register


@dataclass
class Block:
    x: tr.Tensor[tr.f32]
    h: tr.Tensor[tr.f32]


@launcher("project")
def project(b: Block) -> tr.Op:
    return K.scale(tiles(b.h), b.x, 0.5)


@launcher("residual")
def residual(b: Block) -> tr.Op:
    return K.add(tiles(b.h), b.h, b.x)  # expect: TC101


block = Block(x=vec(np.arange(64)), h=tr.zeros((64,)))
for name in ("project", "residual"):
    LAUNCHERS[name](block).sync()  # expect-also
print(block.h.to_numpy()[:4])
