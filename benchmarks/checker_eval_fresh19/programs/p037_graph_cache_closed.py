"""Decode graphs cached per batch size; every graph closed in `finally` before the logits are
read."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

hidden = {n: upload(np.ones(n * 16)) for n in (1, 2, 4)}
logits = {n: tr.zeros(n * 16) for n in (1, 2, 4)}
graphs: dict[int, tr.Graph] = {}
try:
    for n in (1, 2, 4):
        with tr.graph() as g:
            g.record(K.scale(tiles(logits[n], 16), hidden[n], 0.5))
        graphs[n] = g
    for _ in range(3):
        graphs[2].launch().wait()
finally:
    for g in graphs.values():
        g.close()
assert logits[2].to_numpy().sum() == 16.0
print("ok")
