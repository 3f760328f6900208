"""A per-layer KV cache owned by a class; new keys and values are written with one zipped op per
layer and read back after the op completes."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy

import tilert as tr

LAYERS = 3
SLOT = 256


class KVCache:
    def __init__(self, layers: int) -> None:
        self.k = [tr.zeros((SLOT,)) for _ in range(layers)]
        self.v = [tr.zeros((SLOT,)) for _ in range(layers)]

    def write(self, layer: int, new_k: tr.Tensor, new_v: tr.Tensor) -> None:
        tr.zip(
            copy(self.k[layer].partition((64,)), new_k),
            copy(self.v[layer].partition((64,)), new_v),
        ).sync()

    def keys(self, layer: int) -> np.ndarray:
        return self.k[layer].to_numpy()


def main() -> None:
    cache = KVCache(LAYERS)
    for layer in range(LAYERS):
        cache.write(layer, tr.full((SLOT,), float(layer)), tr.full((SLOT,), -float(layer)))
    assert cache.keys(2)[0] == 2.0
    print("kv cache written:", [cache.keys(i)[0] for i in range(LAYERS)])


if __name__ == "__main__":
    main()
