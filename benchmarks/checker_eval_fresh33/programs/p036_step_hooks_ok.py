"""A trainer that runs registered post-step hooks (weight decay) once the forward pass
has finished with the weights."""

from collections.abc import Callable

import numpy as np
from servekit import TILE, mul, scale

import tilert as tr

N = 512
rng = np.random.default_rng(36)
w = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
x = tr.ones((N,))
act = tr.empty((N,))
decayed = tr.empty((N,))

hooks: list[Callable[[], None]] = []


def weight_decay() -> None:
    scale(decayed.partition((TILE,)), w, 0.99).sync()
    scale(w.partition((TILE,)), decayed, 1.0).sync()


hooks.append(weight_decay)

for step in range(2):
    fwd = mul(act.partition((TILE,)), w, x).submit()
    fwd.wait()
    for hook in hooks:
        hook()
    print(step, float(act.to_numpy().sum()))
