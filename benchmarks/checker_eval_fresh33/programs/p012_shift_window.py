"""A sliding window of recent feature vectors: shift left by one row, append the newest."""

import numpy as np
from servekit import copy

import tilert as tr

WINDOW, D = 8, 64
window = tr.zeros((WINDOW, D))

for step in range(3):
    new = tr.full((1, D), float(step))
    copy(window[: WINDOW - 1].partition((1, D)), window[1:]).sync()  # expect: TC101
    copy(window[WINDOW - 1 :].partition((1, D)), new).sync()

print(np.asarray(window.to_numpy())[:, 0])
