"""Small layer objects owning their output buffers, written as users write them."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import tilert as tr
from llmkit import kernels as K
from llmkit.host import tiles


@dataclass
class Slot:
    """A named buffer and the Pending of its last writer, if any."""

    name: str
    n: int
    buf: tr.Tensor = field(init=False)
    pending: tr.Pending | None = None

    def __post_init__(self) -> None:
        self.buf = tr.zeros((self.n,), name=self.name)

    def write(self, x: tr.Tensor, a: float) -> None:
        self.pending = K.scale(tiles(self.buf), x, a).submit()

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None

    def value(self) -> np.ndarray:
        return self.buf.to_numpy()


class Linear:
    """y = w * x elementwise (a diagonal layer), output owned by the layer."""

    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w.astype(np.float32))
        self.y = tr.zeros(self.w.shape)

    def op(self, x: tr.Tensor) -> tr.Op:
        return K.mul(tiles(self.y), self.w, x)

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        self.op(x).sync()
        return self.y
