"""A continuous-batching scheduler that caches the partition of its output buffer in
`__init__` and launches on it every step."""

import numpy as np
from llmcraft import add

import tilert as tr

MAX_TOKENS = 256


class Scheduler:
    def __init__(self) -> None:
        self.positions = tr.from_numpy(np.arange(MAX_TOKENS, dtype=np.float32), name="positions")
        self.offsets = tr.zeros((MAX_TOKENS,), name="offsets")
        self.slots = tr.empty((MAX_TOKENS,), name="slots")
        self.slots_part = self.slots.partition((64,))
        self.step_count = 0

    def step(self) -> None:
        add(self.slots_part, self.positions, self.offsets).sync()  # expect: TC109
        self.step_count += 1


sched = Scheduler()
for _ in range(3):
    sched.step()  # expect-also: TC109
print("steps", sched.step_count)
