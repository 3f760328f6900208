"""Double buffering built with `[tr.zeros(...)] * 2`: both slots are the same tensor, so the
ping-pong step reads the buffer it writes."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

N = 64
bufs = [tr.zeros((N,))] * 2
delta = tr.full((N,), 1.0)
k.fill(bufs[0].partition((16,)), 1.0).sync()
for i in range(4):
    src, dst = bufs[i % 2], bufs[(i + 1) % 2]
    k.add(dst.partition((16,)), src, delta).sync()  # expect: TC101
print(bufs[0].to_numpy()[0])
