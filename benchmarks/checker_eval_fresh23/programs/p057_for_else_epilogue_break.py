"""Decode loop, one step in flight: the epilogue wait sits in the loop's `else:` clause."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

EOS_AT = 3
h = tr.from_numpy(np.ones(512, dtype=np.float32))
outs = [tr.empty((512,), name=f"step{i}") for i in range(8)]
prev = None
for i, out in enumerate(outs):
    cur = scale(tiles(out), h, float(i)).submit()  # expect: TC108
    if prev is not None:
        prev.wait()
    if i == EOS_AT:
        print("eos at", i)
        break
    prev = cur
else:
    prev.wait()
