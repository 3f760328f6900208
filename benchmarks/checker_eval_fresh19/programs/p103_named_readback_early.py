"""Layer outputs collected by name with `dict(zip(names, map(host, outs)))` while the last layer
is still in flight."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import host, tiles, upload

import tilert as tr

names = ["embed", "attn", "mlp"]
x = upload(np.ones(64))
outs = [tr.zeros(64) for _ in names]
pend = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
pend[0].wait()
pend[1].wait()
snapshot = dict(zip(names, map(host, outs), strict=True))  # expect: TC102
pend[2].wait()
print(sorted(snapshot))
