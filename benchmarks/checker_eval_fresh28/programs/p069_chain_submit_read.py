"""A fused step written as a `.then` chain, submitted; the intermediate is read before the wait."""

import numpy as np
from llmdelta import add, relu

import tilert as tr

D = 256
x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
b = tr.full((D,), 0.25)
pre = tr.zeros((D,), name="pre")
act = tr.zeros((D,), name="act")

pending = add(pre.partition((64,)), x, b).then(lambda *_: relu(act.partition((64,)), pre)).submit()
print("pre-activation mean", pre.to_numpy().mean())  # expect: TC102
pending.wait()
print(act.to_numpy()[-1])
