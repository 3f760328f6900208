"""Stream batches through two staging buffers, prefetching the next while the host
computes statistics on the current one."""

import numpy as np
from servekit import TILE, copy

import tilert as tr

N, N_BATCHES = 512, 5
rng = np.random.default_rng(5)
batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(N_BATCHES)]
staging = [tr.zeros((N,)), tr.zeros((N,))]
pending: list[tr.Pending | None] = [None, None]

pending[0] = copy(staging[0].partition((TILE,)), batches[0]).submit()
means = []
for i in range(N_BATCHES):
    cur, nxt = i % 2, (i + 1) % 2
    if i + 1 < N_BATCHES:
        pending[nxt] = copy(staging[nxt].partition((TILE,)), batches[i + 1]).submit()
    pending[cur].wait()
    means.append(float(staging[cur].to_numpy().mean()))

print("batch means:", [f"{m:.3f}" for m in means])
