"""Multi-LoRA serving: the next adapter is loaded into the other slot while a decode step reads
the active one, and the slots are swapped once the step is waited on."""

import numpy as np
from servekit import add, copy

import tilert as tr

RANK_DIM = 64


class AdapterSlots:
    def __init__(self, n_slots: int) -> None:
        self.slots = [tr.zeros((RANK_DIM,), name=f"lora{i}") for i in range(n_slots)]

    def load(self, slot: int, weights: np.ndarray) -> None:
        copy(self.slots[slot].partition((32,)), tr.from_numpy(weights)).sync()


adapters = AdapterSlots(2)
adapters.load(0, np.ones(RANK_DIM, dtype=np.float32))
hidden = tr.ones((RANK_DIM,), name="hidden")
out = tr.empty((RANK_DIM,), name="out")

active = 0
step = add(out.partition((32,)), hidden, adapters.slots[active]).submit()
adapters.load(1 - active, np.full(RANK_DIM, 2.0, dtype=np.float32))
step.wait()
active = 1 - active
add(out.partition((32,)), hidden, adapters.slots[active]).sync()
print(out.to_numpy()[:2])
