"""Partitions for every layer's output are made up front in a dict; only the first two layers
run, and reading layer 2's output finds its partition still alive in the dict."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

LAYERS = 3
outs = {f"layer{i}": tr.zeros((64,)) for i in range(LAYERS)}
parts = {name: t.partition((16,)) for name, t in outs.items()}
x = tr.ones((64,))
for name in ("layer0", "layer1"):
    k.scale(parts.pop(name), x, 2.0).sync()
summary = {name: float(t.to_numpy().sum()) for name, t in outs.items()}  # expect: TC104
print(summary)
