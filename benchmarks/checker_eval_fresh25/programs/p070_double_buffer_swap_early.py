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

for _ in range(STEPS):
    pend_back = scale(back.partition((512,)), front, 0.5).submit()
    front, back = back, front
    pend_back2 = scale(back.partition((512,)), front, 1.0).submit()  # expect: TC103
    pend_back.wait()
    pend_back2.wait()
print(front.to_numpy()[:3])
