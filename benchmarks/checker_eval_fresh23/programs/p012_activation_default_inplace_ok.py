from __future__ import annotations

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr


class ReLU:
    """torch-style activation: writes into `out`, or into a fresh tensor when none is given."""

    def __call__(self, x: tr.Tensor, out: tr.Tensor | None = None) -> tr.Tensor:
        target = tr.empty(x.shape) if out is None else out
        relu(tiles(target), x).sync()
        return target


act = ReLU()
h = tr.from_numpy(np.linspace(-2, 2, 128, dtype=np.float32))
spare = tr.zeros((128,))
act(h, out=spare)
h = act(h)
assert h.to_numpy().min() == 0.0
np.testing.assert_array_equal(h.to_numpy(), spare.to_numpy())
