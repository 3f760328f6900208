"""Build one scale op per layer, then run them in order."""

import numpy as np
from servekit import TILE, scale

import tilert as tr


def run(n_layers: int = 4, n: int = 256) -> list[float]:
    xs = [tr.full((n,), float(i + 1)) for i in range(n_layers)]
    ys = [tr.empty((n,)) for _ in range(n_layers)]
    pairs = zip(ys, xs, strict=True)
    ops = [scale(y.partition((TILE,)), x, 0.5) for y, x in pairs]  # expect: TC105
    for op in ops[1:]:
        op.sync()
    return [float(np.asarray(y.to_numpy())[0]) for y in ys[1:]]


print(run())  # expect-also: TC105
