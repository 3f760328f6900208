"""A continuous-batching scheduler that partitions its output buffer afresh in every step."""

import numpy as np
from llmcraft import add

import tilert as tr

MAX_TOKENS = 256


class Scheduler:
    def __init__(self) -> None:
        self.positions = tr.from_numpy(np.arange(MAX_TOKENS, dtype=np.float32), name="positions")
        self.offsets = tr.zeros((MAX_TOKENS,), name="offsets")
        self.slots = tr.empty((MAX_TOKENS,), name="slots")
        self.step_count = 0

    def step(self) -> None:
        add(self.slots.partition((64,)), self.positions, self.offsets).sync()
        self.step_count += 1


sched = Scheduler()
for _ in range(3):
    sched.step()
print("steps", sched.step_count, sched.slots.to_numpy()[-1])
