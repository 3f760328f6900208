"""A fused step written as a `.then` chain, submitted and waited before any host read."""

import numpy as np
from llmdelta import add, relu

import tilert as tr

D = 256
xs = np.linspace(-1, 1, D, dtype=np.float32)
x = tr.from_numpy(xs)
b = tr.full((D,), 0.25)
pre = tr.zeros((D,), name="pre")
act = tr.zeros((D,), name="act")

pending = add(pre.partition((64,)), x, b).then(lambda *_: relu(act.partition((64,)), pre)).submit()
pending.wait()
print("pre-activation mean", pre.to_numpy().mean())
np.testing.assert_allclose(act.to_numpy(), np.maximum(xs + 0.25, 0), rtol=1e-6)
print(act.to_numpy()[-1])
