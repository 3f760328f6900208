"""Keep an exponential moving average of the weights next to training."""

from trainkit import TILE, axpy, scale, sgd_step

import tilert as tr

N = 4096
weights = tr.ones((N,), name="weights")
ema = tr.ones((N,), name="ema")
grad = tr.full((N,), 0.1, name="grad")
decay = 0.99

for _step in range(3):
    scale(ema.partition((TILE,)), decay).sync()
    ema_pend = axpy(ema.partition((TILE,)), weights, 1 - decay).submit()
    ema_pend.wait()
    sgd_step(weights.partition((TILE,)), grad, 0.1).sync()
print(ema.to_numpy()[0], weights.to_numpy()[0])
