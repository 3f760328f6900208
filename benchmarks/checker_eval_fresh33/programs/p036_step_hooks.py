"""A trainer that runs registered post-step hooks (weight decay) after submitting the
next forward pass."""

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
    scale(w.partition((TILE,)), decayed, 1.0).sync()  # expect: TC103


hooks.append(weight_decay)

for step in range(2):
    fwd = mul(act.partition((TILE,)), w, x).submit()
    for hook in hooks:
        hook()  # expect-also: TC103
    fwd.wait()
    print(step, float(act.to_numpy().sum()))
