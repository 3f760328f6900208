"""Merging a LoRA delta into the base weight between decode steps."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import axpy, mul

import tilert as tr

D = 256
base = tr.from_numpy(np.ones(D, dtype=np.float32))
lora = tr.from_numpy(np.full(D, 0.25, dtype=np.float32))
hidden = tr.from_numpy(np.arange(D, dtype=np.float32))
out = tr.empty((D,))


class Decoder:
    def __init__(self) -> None:
        self.inflight: list[tr.Pending] = []

    def step(self) -> None:
        self.inflight.append(mul(tiles(out), hidden, base).submit())

    def merge(self, scaling: float) -> None:
        while self.inflight:
            self.inflight.pop().wait()
        axpy(tiles(base), lora, scaling).sync()


dec = Decoder()
dec.step()
dec.merge(2.0)
dec.step()
dec.merge(0.0)
np.testing.assert_allclose(out.to_numpy(), 1.5 * np.arange(D))
