"""LoRA adapter manager that swaps the adapter as soon as a new request arrives: the decode
step that reads the active adapter is still in flight."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

DIM = 64


class LoraManager:
    def __init__(self) -> None:
        self.active = tr.zeros((DIM,), name="lora_A")
        self.bank = {"math": np.ones(DIM, np.float32), "code": np.full(DIM, 3.0, np.float32)}

    def swap(self, name: str) -> None:
        self.active.copy_from(self.bank[name])  # expect: TC103


class Decoder:
    def __init__(self, lora: LoraManager) -> None:
        self.lora = lora
        self.h = tr.zeros((DIM,), name="h")

    def step(self, x: tr.Tensor) -> tr.Pending:
        return K.mul(self.h.partition((16,)), x, self.lora.active).submit()


lora = LoraManager()
lora.swap("math")
dec = Decoder(lora)
inflight = dec.step(tr.arange(DIM))
lora.swap("code")  # expect-also
inflight.wait()
