"""`enumerate(pend, start=1)` with `if i < len(pend)` meant to skip nothing: it skips the last."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

prompt = tr.from_numpy(np.linspace(0, 1, 32, dtype=np.float32))
layers = [tr.zeros((32,), name=f"layer{i}") for i in range(4)]
pend = [K.scale(tiles(buf), prompt, 1.0 + i) for i, buf in enumerate(layers)]
pend = [op.submit() for op in pend]
for i, p in enumerate(pend, start=1):
    if i < len(pend):
        p.wait()
last = layers[-1].to_numpy()  # expect: TC102
print(last[:3])
pend[-1].wait()
