"""MoE combine loop that reads each expert's output in the same iteration as its wait, but
before it: the first expert's buffer is still being written."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

DIM = 64


class Expert:
    def __init__(self, name: str, scale: float) -> None:
        self.name = name
        self.scale = scale
        self.out = tr.zeros((DIM,), name=f"{name}.out")

    def run(self, x: tr.Tensor) -> tr.Pending:
        return K.scale(self.out.partition((16,)), x, self.scale).submit()


def moe_forward(experts: dict[str, Expert], x: tr.Tensor, topk: list[str]) -> np.ndarray:
    pendings = {name: experts[name].run(x) for name in topk}
    total = np.zeros(DIM, dtype=np.float32)
    for name, pending in pendings.items():
        total += experts[name].out.to_numpy()  # expect: TC102
        pending.wait()
    return total


experts = {n: Expert(n, s) for n, s in [("a", 1.0), ("b", 0.5), ("c", 2.0)]}
print(moe_forward(experts, tr.ones((DIM,)), ["a", "c"])[:4])  # expect-also
