"""Capture a transpose-and-scale step; the transposed weight is made contiguous in the capture."""

import numpy as np
from llmbasin import scale

import tilert as tr

R = 64

w = tr.from_numpy(np.arange(R * R, dtype=np.float32).reshape(R, R))
out = tr.empty((R, R), name="out")
with tr.graph() as g:
    wt = w.T.contiguous()  # expect: TC111
    g.record(scale(out.partition((16, 16)), wt, 0.5))
for _ in range(3):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :3])
