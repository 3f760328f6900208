"""A prefetching loader that checks each batch on the host, but waits the other slot's copy."""

import numpy as np
from llmweave.kernels import copy

import tilert as tr

host = [np.full(64, i, np.float32) for i in range(4)]
pinned = [tr.from_numpy(h) for h in host]
slots = [tr.zeros((64,)) for _ in range(2)]
pend: list[tr.Pending | None] = [None, None]

pend[0] = copy(slots[0].partition((16,)), pinned[0]).submit()
for i in range(1, 4):
    cur, prev = i % 2, (i - 1) % 2
    pend[cur] = copy(slots[cur].partition((16,)), pinned[i]).submit()
    waited = pend[cur]
    assert waited is not None
    waited.wait()
    checksum = slots[prev].to_numpy().sum()  # expect: TC102
    print(i, checksum)
    pend[prev] = None
