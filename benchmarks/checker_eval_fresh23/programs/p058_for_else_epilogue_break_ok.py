"""Decode loop, one step in flight: the epilogue wait comes after the loop, break or not."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

EOS_AT = 3
h = tr.from_numpy(np.ones(512, dtype=np.float32))
outs = [tr.empty((512,), name=f"step{i}") for i in range(8)]
prev = None
for i, out in enumerate(outs):
    cur = scale(tiles(out), h, float(i)).submit()
    if prev is not None:
        prev.wait()
    prev = cur
    if i == EOS_AT:
        print("eos at", i)
        break
else:
    print("ran to the limit")
prev.wait()
assert [float(o.to_numpy()[0]) for o in outs[: EOS_AT + 1]] == [0.0, 1.0, 2.0, 3.0]
