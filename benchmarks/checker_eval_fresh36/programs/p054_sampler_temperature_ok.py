"""A sampler object that applies temperature in place with the project's scale kernel (through a
row partition of the logits) before the argmax."""

from dataclasses import dataclass

import numpy as np
from modelops import scale

import tilert as tr
import tilert.kernels as tk


@dataclass
class SamplingParams:
    temperature: float = 1.0
    greedy: bool = True


class Sampler:
    def __init__(self, batch: int) -> None:
        self.ids = tr.zeros((batch,), dtype=tr.i32, name="sampled_ids")

    def __call__(self, logits: tr.Tensor, params: SamplingParams) -> list[int]:
        if params.temperature != 1.0:
            scale(logits.partition((1, logits.shape[1])), 1.0 / params.temperature).sync()
        tk.argmax(self.ids, logits).sync()
        return self.ids.to_numpy().tolist()


logits = tr.from_numpy(np.random.default_rng(21).standard_normal((2, 256)).astype(np.float32))
print(Sampler(2)(logits, SamplingParams(temperature=0.8)))
