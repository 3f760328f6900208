"""Continuous batching: slot plans made once, a finished slot refilled with its stale plan."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

slots = tr.zeros((3, 16))
plans = {i: tiles(slots[i]) for i in range(3)}
prompt = vec(16, 1.0)
for i in range(3):
    scale(plans[i], prompt, float(i)).sync()
finished = [1]
for i in finished:
    scale(plans[i], prompt, 9.0).sync()  # expect: TC109
print(slots.to_numpy()[:, 0])
