"""Allocate a layer's output buffers and their partitions once, then run the layer."""

import numpy as np
from servekit import TILE, add, mul, relu

import tilert as tr

N = 1024
names = ("pre", "gated", "out")
bufs = {name: tr.zeros((N,), name=name) for name in names}
parts = {name: buf.partition((TILE,)) for name, buf in bufs.items()}

x = tr.from_numpy(np.linspace(-2, 2, N, dtype=np.float32))
gate = tr.full((N,), 0.5)

for name, buf in bufs.items():
    assert float(np.abs(buf.to_numpy()).sum()) == 0.0, name  # expect: TC104

add(parts["pre"], x, gate).sync()
mul(parts["gated"], bufs["pre"], gate).sync()
relu(parts["out"], bufs["gated"]).sync()
print(bufs["out"].to_numpy()[-4:])
