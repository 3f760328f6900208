"""Decode loop with a KV cache object: each layer's append is submitted, flushed per token."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

LAYERS, N = 3, 64


class KVCache:
    def __init__(self, layers: int, n: int) -> None:
        self.k = tr.zeros((layers, n), name="k")
        self.pending: dict[int, tr.Pending] = {}

    def append(self, layer: int, x: tr.Tensor, a: float) -> None:
        self.pending[layer] = scale(self.k[layer].partition((16,)), x, a).submit()

    def flush(self) -> None:
        for layer in sorted(self.pending):
            self.pending.pop(layer).wait()

    def snapshot(self) -> np.ndarray:
        return self.k.to_numpy().copy()


def main() -> None:
    cache = KVCache(LAYERS, N)
    x = tr.arange(N)
    for step in range(4):
        for layer in range(LAYERS):
            cache.append(layer, x, float(step + layer))
        cache.flush()
    got = cache.snapshot()
    want = np.stack([np.arange(N) * (3.0 + layer) for layer in range(LAYERS)])
    assert np.allclose(got, want)


if __name__ == "__main__":
    main()
