"""Sliding window of recent token embeddings, shifted left by one slot per step."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import copy

import tilert as tr

W, D = 8, 64
window = tr.from_numpy(np.repeat(np.arange(W, dtype=np.float32), D))
scratch = tr.empty(((W - 1) * D,))


def shift_left(win: tr.Tensor) -> None:
    copy(tiles(scratch), win[D:]).sync()
    copy(tiles(win[: (W - 1) * D]), scratch).sync()


shift_left(window)
np.testing.assert_array_equal(window.to_numpy()[::D], [1, 2, 3, 4, 5, 6, 7, 7])
