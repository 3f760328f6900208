"""A model built from a config list through the layer registry of the local package: each layer
is submitted reading the previous layer's output (stream order), and all are waited in reverse."""

from __future__ import annotations

import numpy as np
from llmroute.layers import Layer

import tilert as tr

CONFIG = [
    {"type": "scaled", "factor": 2.0},
    {"type": "gated"},
    {"type": "scaled", "factor": 3.0},
]


def build(config: list[dict[str, object]], dim: int) -> list[Layer]:
    layers = []
    for i, spec in enumerate(config):
        kwargs = {k: v for k, v in spec.items() if k != "type"}
        cls = Layer.registry[str(spec["type"])]
        layers.append(cls(dim, f"l{i}", **kwargs))
    return layers


model = build(CONFIG, 64)
x = tr.ones((64,))
pendings = []
h = x
for layer in model:
    pendings.append(layer.forward(h))
    h = layer.out
for p in reversed(pendings):
    p.wait()
assert np.all(model[-1].out.to_numpy() == 3.0)
print([type(m).__name__ for m in model])
