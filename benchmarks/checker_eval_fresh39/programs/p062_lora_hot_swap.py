"""Multi-LoRA serving: a decode step reading the active adapter is in flight when the adapter
manager loads the next adapter into the same slot buffer."""

import numpy as np
from servekit import add, copy

import tilert as tr

RANK_DIM = 64


class AdapterSlots:
    def __init__(self, n_slots: int) -> None:
        self.slots = [tr.zeros((RANK_DIM,), name=f"lora{i}") for i in range(n_slots)]

    def load(self, slot: int, weights: np.ndarray) -> None:
        copy(self.slots[slot].partition((32,)), tr.from_numpy(weights)).sync()  # expect: TC103


adapters = AdapterSlots(2)
adapters.load(0, np.ones(RANK_DIM, dtype=np.float32))
hidden = tr.ones((RANK_DIM,), name="hidden")
out = tr.empty((RANK_DIM,), name="out")

step = add(out.partition((32,)), hidden, adapters.slots[0]).submit()
adapters.load(0, np.full(RANK_DIM, 2.0, dtype=np.float32))  # expect-also: TC103
step.wait()
print(out.to_numpy()[:2])
