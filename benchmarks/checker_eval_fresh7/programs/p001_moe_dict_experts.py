"""Mixture of experts: a dict of expert objects, each owning its weights and output buffer.
Every routed expert is submitted, then all are waited in a loop over the dict before combining."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

DIM = 64


class Expert:
    def __init__(self, name: str, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.name = name
        self.w = tr.from_numpy(rng.standard_normal((DIM, DIM)).astype(np.float32) / 8)
        self.out = tr.zeros((DIM,), name=f"{name}.out")

    def run(self, x: tr.Tensor) -> tr.Pending:
        return K.matvec(self.out.partition((16,)), self.w, x, 16).submit()


experts = {f"e{i}": Expert(f"e{i}", i) for i in range(4)}
x = tr.from_numpy(np.linspace(-1, 1, DIM, dtype=np.float32))
routed = ["e1", "e3"]
inflight = {name: experts[name].run(x) for name in routed}
for _name, pending in inflight.items():
    pending.wait()

combined = sum(experts[n].out.to_numpy() for n in routed)
expected = sum(experts[n].w.to_numpy() @ x.to_numpy() for n in routed)
assert np.allclose(combined, expected, atol=1e-4)
print("moe ok", float(combined[0]))
