"""A generic Ring[T] of two buffers; after waiting the previous step the loop reads the current
slot, which the step just submitted."""

from typing import Generic, TypeVar

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

T = TypeVar("T")


class Ring(Generic[T]):
    def __init__(self, items: list[T]) -> None:
        self.items = items

    def __getitem__(self, i: int) -> T:
        return self.items[i % len(self.items)]


x = H.upload(np.arange(32))
ring: Ring[tr.Tensor] = Ring([tr.zeros((32,)), tr.zeros((32,))])
firsts = []
prev: tr.Pending | None = None
for step in range(4):
    pending = K.scale(H.tiles(ring[step]), x, float(step)).submit()
    if prev is not None:
        prev.wait()
        firsts.append(float(ring[step].to_numpy()[1]))  # expect: TC102
    prev = pending
assert prev is not None
prev.wait()
