"""The cache's update returns the Pending so the caller can overlap work; the caller reads the
layer it just updated before waiting."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


class KVCache:
    def __init__(self, layers: int, slot: int) -> None:
        self.k = [tr.zeros((slot,)) for _ in range(layers)]

    def update(self, layer: int, new_k: tr.Tensor) -> tr.Pending:
        return copy(self.k[layer].partition((64,)), new_k).submit()


def main() -> None:
    cache = KVCache(4, 256)
    fresh = tr.ones((256,))
    pending = cache.update(1, fresh)
    print("layer 1 now", cache.k[1].to_numpy()[:4])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
