"""A software pipeline over layers: each layer's scale is submitted while the previous one
is waited, one op in flight at a time."""

import numpy as np
from servekit import TILE, scale

import tilert as tr


def run_layers(x: tr.Tensor, n_layers: int) -> list[tr.Tensor]:
    acts = [tr.empty(x.shape) for _ in range(n_layers)]
    prev = None
    src = x
    for i in range(n_layers):
        pend = scale(acts[i].partition((TILE,)), src, 0.9).submit()
        if prev is not None:
            prev.wait()
        prev = pend
        src = acts[i]
    if prev is not None:
        prev.wait()
    return acts


acts = run_layers(tr.ones((512,)), 4)
print([float(np.asarray(a.to_numpy())[0]) for a in acts])
