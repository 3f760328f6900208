"""Sliding window of recent token embeddings, shifted left by one slot per step."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import copy

import tilert as tr

W, D = 8, 64
window = tr.from_numpy(np.repeat(np.arange(W, dtype=np.float32), D))


def shift_left(win: tr.Tensor) -> None:
    copy(tiles(win[: (W - 1) * D]), win[D:]).sync()  # expect: TC101


shift_left(window)  # expect-also
print(window.to_numpy()[::D])
