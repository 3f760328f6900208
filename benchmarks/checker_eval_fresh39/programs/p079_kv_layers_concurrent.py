"""Writing the new token's K and V into every layer's slice of one KV tensor: each layer's
write is a view of its own layer (disjoint memory), submitted together and waited on as a
group."""

import numpy as np
from servekit import copy

import tilert as tr

LAYERS, MAX_SEQ, DIM = 4, 8, 32

kv = tr.zeros((LAYERS, 2, MAX_SEQ, DIM), name="kv_cache")
new_k = [tr.full((DIM,), float(layer)) for layer in range(LAYERS)]
new_v = [tr.full((DIM,), -float(layer)) for layer in range(LAYERS)]
pos = 3

pending = []
for layer in range(LAYERS):
    k_row = kv[layer, 0, pos]
    v_row = kv[layer, 1, pos]
    pending.append(copy(k_row.partition((DIM,)), new_k[layer]).submit())
    pending.append(copy(v_row.partition((DIM,)), new_v[layer]).submit())
for p in pending:
    p.wait()
host = kv.to_numpy()
assert np.all(host[2, 0, pos] == 2.0) and np.all(host[2, 1, pos] == -2.0)
print("kv written at", pos)
