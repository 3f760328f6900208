"""A sampler object with a temperature buffer per request: logits are scaled per request, all
launches are submitted, then every Pending in the list is waited."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

VOCAB = 64


class Sampler:
    def __init__(self) -> None:
        self.inv_temp: dict[int, tr.Tensor] = {}
        self.scaled: dict[int, tr.Tensor] = {}

    def add_request(self, rid: int, temperature: float) -> None:
        self.inv_temp[rid] = tr.full((VOCAB,), 1.0 / temperature, name=f"t{rid}")
        self.scaled[rid] = tr.zeros((VOCAB,), name=f"scaled{rid}")

    def scale_all(self, logits: dict[int, tr.Tensor]) -> list[tr.Pending]:
        return [
            K.mul(self.scaled[rid].partition((16,)), logits[rid], self.inv_temp[rid]).submit()
            for rid in logits
        ]

    def pick(self, rid: int) -> int:
        return int(np.argmax(self.scaled[rid].to_numpy()))


sampler = Sampler()
logits = {}
for rid, temp in [(1, 0.5), (2, 1.0), (3, 2.0)]:
    sampler.add_request(rid, temp)
    logits[rid] = tr.from_numpy(np.roll(np.arange(VOCAB, dtype=np.float32), rid))
pendings = sampler.scale_all(logits)
for p in pendings:
    p.wait()
picks = {rid: sampler.pick(rid) for rid in logits}
assert picks == {1: 0, 2: 1, 3: 2}
print(picks)
