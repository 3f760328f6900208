"""Two streams: the side stream computes the router logits, the main stream reads them after
an event; the host reads after both waits."""

import numpy as np
from llmdelta import mul, relu

import tilert as tr

E = 256
xs = np.linspace(-1, 1, E, dtype=np.float32)
x = tr.from_numpy(xs)
w_router = tr.full((E,), 0.5)
logits = tr.zeros((E,), name="logits")
gated = tr.zeros((E,), name="gated")
main, side = tr.Stream(), tr.Stream()

router = mul(logits.partition((64,)), x, w_router).submit(side)
ready = side.record()
main.wait_event(ready)
gate = relu(gated.partition((64,)), logits).submit(main)
router.wait()
gate.wait()
top = int(np.argmax(logits.to_numpy()))
np.testing.assert_allclose(gated.to_numpy(), np.maximum(xs * 0.5, 0), rtol=1e-6)
print(top)
