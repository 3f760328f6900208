"""Write the new token's keys and values into two layers' cache slices in one op."""

import numpy as np
from servekit import copy

import tilert as tr

LAYERS, MAX_SEQ, D = 2, 8, 32
kv = tr.zeros((LAYERS, 2, MAX_SEQ, D), name="kv")
rng = np.random.default_rng(23)

for pos in range(4):
    new = [tr.from_numpy(rng.standard_normal((2, 1, D)).astype(np.float32)) for _ in range(LAYERS)]
    ops = [
        copy(kv[layer, :, pos : pos + 1].partition((1, 1, D)), new[layer])
        for layer in range(LAYERS)
    ]
    tr.zip(*ops).sync()

filled = np.asarray(kv.to_numpy())
print("nonzero positions per layer:", [(filled[i, 0, :, 0] != 0).sum() for i in range(LAYERS)])
