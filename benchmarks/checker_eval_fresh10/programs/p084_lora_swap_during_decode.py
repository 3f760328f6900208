"""A LoRA adapter swapped in place while the decode step that reads it is still queued."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


class LoraSlot:
    def __init__(self, n: int) -> None:
        self.delta = tr.zeros((n,), dtype=f32, name="lora_delta")

    def swap(self, new: np.ndarray) -> None:
        self.delta.copy_from(new)  # expect: TC103


base = tr.ones((8,), dtype=f32)
slot = LoraSlot(8)
h = tr.zeros((8,), dtype=f32)
step = k.add(tiles(h), base, slot.delta).submit()
slot.swap(np.full(8, 0.1, dtype=np.float32))  # expect-also
step.wait()
