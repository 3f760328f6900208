"""Ping-pong buffers for an iterative smoother: the names swap every step."""

import numpy as np
from llmquay import scale

import tilert as tr

N = 2048
STEPS = 6

src = tr.from_numpy(np.ones(N, dtype=np.float32))
front = tr.zeros((N,), name="front")
back = tr.zeros((N,), name="back")
scale(front.partition((512,)), src, 1.0).sync()

pend_front = None
for _ in range(STEPS):
    pend_back = scale(back.partition((512,)), front, 0.5).submit()
    if pend_front is not None:
        pend_front.wait()
    pend_back.wait()
    front, back = back, front
    pend_front = pend_back
result = front.to_numpy()
np.testing.assert_allclose(result, 0.5**STEPS)
print(result[:3])
