"""Prefill writes one position of every layer's KV cache; the host peeks at layer 0's keys."""

from __future__ import annotations

from llmserve.kernels import copy

import tilert as tr

LAYERS, SEQ, DIM = 4, 8, 64


class KVCache:
    def __init__(self, layers: int, seq: int, dim: int) -> None:
        self.k = tr.zeros((layers, seq, dim), name="k_cache")
        self.v = tr.zeros((layers, seq, dim), name="v_cache")

    def write(self, layer: int, pos: int, k: tr.Tensor, v: tr.Tensor) -> list[tr.Pending]:
        pk = copy(self.k[layer, pos].partition((DIM,)), k).submit()
        pv = copy(self.v[layer, pos].partition((DIM,)), v).submit()
        return [pk, pv]


def main() -> None:
    cache = KVCache(LAYERS, SEQ, DIM)
    k_new = tr.full((DIM,), 0.5)
    v_new = tr.full((DIM,), 1.5)
    pending: list[tr.Pending] = []
    for layer in range(LAYERS):
        pending += cache.write(layer, 0, k_new, v_new)
    keys = cache.k[0].to_numpy()  # expect: TC102
    for p in pending:
        p.wait()
    print(keys[0, :4])


if __name__ == "__main__":
    main()
