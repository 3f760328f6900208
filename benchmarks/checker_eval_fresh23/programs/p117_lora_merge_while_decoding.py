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
    def step(self) -> tr.Pending:
        return mul(tiles(out), hidden, base).submit()

    def merge(self, scaling: float) -> None:
        axpy(tiles(base), lora, scaling).sync()  # expect: TC103


dec = Decoder()
pending = dec.step()
dec.merge(2.0)  # expect-also
pending.wait()
