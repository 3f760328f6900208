"""Decode graphs cached per batch size (as serving engines keep them); the logits of a replay are
read while its graph is still open."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

hidden = {n: upload(np.ones(n * 16)) for n in (1, 2, 4)}
logits = {n: tr.zeros(n * 16) for n in (1, 2, 4)}
graphs: dict[int, tr.Graph] = {}
for n in (1, 2, 4):
    with tr.graph() as g:
        g.record(K.scale(tiles(logits[n], 16), hidden[n], 0.5))
    graphs[n] = g

graphs[2].launch().wait()
print(logits[2].to_numpy().sum())  # expect: TC102
for g in graphs.values():
    g.close()
