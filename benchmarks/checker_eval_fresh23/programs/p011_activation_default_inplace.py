from __future__ import annotations

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr


class ReLU:
    """torch-style activation: writes into `out`, or in place when no `out` is given."""

    def __call__(self, x: tr.Tensor, out: tr.Tensor | None = None) -> tr.Tensor:
        target = x if out is None else out
        relu(tiles(target), x).sync()  # expect: TC101
        return target


act = ReLU()
h = tr.from_numpy(np.linspace(-2, 2, 128, dtype=np.float32))
spare = tr.zeros((128,))
act(h, out=spare)
h = act(h)  # expect-also
print(h.to_numpy().min())
