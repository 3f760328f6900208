"""A training loop that reads the loss back only every K steps, after waiting that step."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

K = 3
loss = tr.zeros((4,), name="loss")
decay = tr.full((4,), 1.0)
logged = []
last: tr.Pending[Any] | None = None
for step in range(1, 10):
    if last is not None:
        last.wait()
    last = k.acc(tiles(loss), decay).submit()
    if step % K == 0:
        last.wait()
        last = None
        logged.append(float(loss.to_numpy().mean()))
if last is not None:
    last.wait()
np.testing.assert_allclose(logged, [3, 6, 9])
print("ok")
