"""A per-layer KV cache that owns its buffers: appending a token's keys and values is submitted
and the Pendings are kept on the object; `snapshot` waits for them before reading the keys."""

import numpy as np
from llmfjord import copy

import tilert as tr

HEAD_DIM = 64
MAX_SEQ = 16


class KVCache:
    def __init__(self, n_layers: int) -> None:
        self.k = [tr.zeros((MAX_SEQ * HEAD_DIM,)) for _ in range(n_layers)]
        self.v = [tr.zeros((MAX_SEQ * HEAD_DIM,)) for _ in range(n_layers)]
        self.pending: list[tr.Pending] = []

    def append(self, layer: int, k_new: tr.Tensor, v_new: tr.Tensor) -> None:
        self.pending.append(copy(self.k[layer].partition((HEAD_DIM,)), k_new).submit())
        self.pending.append(copy(self.v[layer].partition((HEAD_DIM,)), v_new).submit())

    def flush(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()

    def snapshot(self, layer: int) -> np.ndarray:
        self.flush()
        return self.k[layer].to_numpy().copy()


cache = KVCache(n_layers=2)
k_tok = tr.from_numpy(np.random.default_rng(0).standard_normal(MAX_SEQ * HEAD_DIM, np.float32))
v_tok = tr.ones((MAX_SEQ * HEAD_DIM,))
for layer in range(2):
    cache.append(layer, k_tok, v_tok)
keys = cache.snapshot(0)
cache.flush()
print("layer 0 keys", keys[:4])
