"""Double-buffered prefetch of token embeddings: the loop waits the Pending of the buffer it is
about to refill instead of the one it is about to read."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

table = tr.arange(64)
bufs = [tr.zeros((64,), name="emb0"), tr.zeros((64,), name="emb1")]
pend = [K.scale(bufs[0].partition((16,)), table, 1.0).submit(), None]
total = 0.0
for step in range(1, 4):
    nxt, cur = step % 2, (step - 1) % 2
    if pend[nxt] is not None:
        pend[nxt].wait()
    pend[nxt] = K.scale(bufs[nxt].partition((16,)), table, float(step + 1)).submit()
    total += float(np.sum(bufs[cur].to_numpy()))  # expect: TC102
for p in pend:
    p.wait()
