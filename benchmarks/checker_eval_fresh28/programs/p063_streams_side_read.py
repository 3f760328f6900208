"""Two streams: the side stream computes the router logits, the main stream reads them after
an event; the host reads the logits too early."""

import numpy as np
from llmdelta import mul, relu

import tilert as tr

E = 256
x = tr.from_numpy(np.linspace(-1, 1, E, dtype=np.float32))
w_router = tr.full((E,), 0.5)
logits = tr.zeros((E,), name="logits")
gated = tr.zeros((E,), name="gated")
main, side = tr.Stream(), tr.Stream()

router = mul(logits.partition((64,)), x, w_router).submit(side)
ready = side.record()
main.wait_event(ready)
gate = relu(gated.partition((64,)), logits).submit(main)
top = int(np.argmax(logits.to_numpy()))  # expect: TC102
router.wait()
gate.wait()
print(top)
