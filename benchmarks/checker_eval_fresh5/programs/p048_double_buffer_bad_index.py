"""Double buffering where the source index was written as (i + 2) % 2."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64
bufs = [tr.ones((N,)), tr.zeros((N,))]
for i in range(1, 4):
    dst = bufs[i % 2]
    src = bufs[(i + 2) % 2]
    scale(dst.partition((16,)), src, 2.0).sync()  # expect: TC101
