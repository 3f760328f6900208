"""Layer-by-layer forward that uploads the next layer's weights while the current one runs."""

import numpy as np
from llmreef import add

import tilert as tr

L, D = 4, 1024
host_weights = [np.full(D, 0.1 * (i + 1), dtype=np.float32) for i in range(L)]
w_bufs = [tr.empty((D,), name="w0"), tr.empty((D,), name="w1")]
h = [tr.zeros((D,), name="h0"), tr.empty((D,), name="h1")]

w_bufs[0].copy_from(host_weights[0])
for layer in range(L):
    cur_w = w_bufs[layer % 2]
    nxt_w = w_bufs[(layer + 1) % 2]
    src, dst = h[layer % 2], h[(layer + 1) % 2]
    pending = add(dst.partition((256,)), src, cur_w).submit()
    if layer + 1 < L:
        nxt_w.copy_from(host_weights[layer + 1])
    pending.wait()
print(h[L % 2].to_numpy()[0])
