"""A KV cache of layers as views; a debug dump reads the whole cache mid-step."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

LAYERS, WIDTH = 3, 8
kv = tr.zeros((LAYERS, WIDTH), name="kv")
token = tr.ones((WIDTH,))
pendings: dict[int, tr.Pending[Any]] = {}
for layer in range(LAYERS):
    pendings[layer] = k.scale(tiles(kv[layer]), token, float(layer)).submit()
    if layer == LAYERS - 1:
        snapshot = kv.to_numpy().copy()  # expect: TC102
for p in pendings.values():
    p.wait()
print(snapshot.sum())
