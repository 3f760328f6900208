"""EMA of the weights on a side stream, while evaluation on the main stream reads them."""

import numpy as np
from llmdelta import axpy, mul

import tilert as tr

D = 1024
weights = tr.from_numpy(np.ones(D, dtype=np.float32), name="weights")
ema = tr.zeros((D,), name="ema")
x = tr.full((D,), 3.0)
y = tr.zeros((D,))
main, side = tr.Stream(), tr.Stream()

evaluating = mul(y.partition((256,)), x, weights).submit(main)
ema_update = axpy(ema.partition((256,)), weights, 0.01).submit(side)
decay = axpy(weights.partition((256,)), ema, -0.001).submit(side)  # expect: TC103
evaluating.wait()
ema_update.wait()
decay.wait()
