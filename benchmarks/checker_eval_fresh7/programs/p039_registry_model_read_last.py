"""A registry-built model whose forward() returns the last layer's Pending; the caller prints
the last layer's output before waiting it."""

from __future__ import annotations

from llmroute.layers import Layer

import tilert as tr


class Model:
    def __init__(self, names: list[str], dim: int) -> None:
        self.layers = [Layer.registry[n](dim, f"{n}{i}") for i, n in enumerate(names)]
        self.waiting: list[tr.Pending] = []

    def forward(self, x: tr.Tensor) -> tr.Pending:
        for layer in self.layers[:-1]:
            self.waiting.append(layer.forward(x))
            x = layer.out
        return self.layers[-1].forward(x)


model = Model(["gated", "scaled", "gated"], 64)
last = model.forward(tr.arange(64))
print(model.layers[-1].out.to_numpy()[:4])  # expect: TC102
last.wait()
for p in model.waiting:
    p.wait()
