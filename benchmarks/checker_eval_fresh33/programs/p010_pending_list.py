"""Scale a set of shards concurrently, plus a norm of the first, then gather results."""

import numpy as np
from servekit import TILE, scale

import tilert as tr
import tilert.kernels as tk


def run(n_shards: int = 4, n: int = 512) -> list[float]:
    rng = np.random.default_rng(10)
    ins = [tr.from_numpy(rng.standard_normal(n).astype(np.float32)) for _ in range(n_shards)]
    outs = [tr.empty((n,)) for _ in range(n_shards)]
    normed = tr.empty((1, n))
    weight = tr.ones((n,))

    pendings = []
    for o, a in zip(outs, ins, strict=True):
        pendings.append(scale(o.partition((TILE,)), a, 0.5).submit())
    norm_pend = tk.rmsnorm(normed, ins[0].reshape(1, n), weight).submit()  # expect: TC108
    print(f"queued {len(pendings)} scales and {norm_pend.label}")
    for p in pendings:
        p.wait()
    return [float(o.to_numpy().sum()) for o in outs]


print(run())  # expect-also: TC108
