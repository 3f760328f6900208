"""A KV cache filled layer by layer: each layer's rows are read as soon as that layer's two
writes are waited, while the later layers are still being written."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy

import tilert as tr

LAYERS, SEQ, DIM = 4, 8, 64


class KVCache:
    def __init__(self) -> None:
        self.k = tr.zeros((LAYERS, SEQ, DIM), name="k_cache")
        self.v = tr.zeros((LAYERS, SEQ, DIM), name="v_cache")

    def write(self, layer: int, pos: int, k: tr.Tensor, v: tr.Tensor) -> tuple[tr.Pending, ...]:
        pk = copy(self.k[layer, pos].partition((DIM,)), k).submit()
        pv = copy(self.v[layer, pos].partition((DIM,)), v).submit()
        return pk, pv


def main() -> None:
    cache = KVCache()
    k_new = tr.full((DIM,), 0.25)
    v_new = tr.full((DIM,), 0.75)
    per_layer = [cache.write(layer, 3, k_new, v_new) for layer in range(LAYERS)]
    sums = []
    for layer, (pk, pv) in enumerate(per_layer):
        pk.wait()
        pv.wait()
        sums.append(float(cache.k[layer].to_numpy().sum() + cache.v[layer].to_numpy().sum()))
    np.testing.assert_allclose(sums, [64.0] * LAYERS)
    print("layer sums", sums)


if __name__ == "__main__":
    main()
