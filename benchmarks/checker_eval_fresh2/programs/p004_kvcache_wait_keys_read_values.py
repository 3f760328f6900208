"""Writes keys and values per layer; the loop waits the key writes, then checksums the
whole value cache through a flat view."""

from __future__ import annotations

from llmserve.kernels import copy

import tilert as tr

LAYERS, SEQ, DIM = 3, 4, 64


class KVCache:
    def __init__(self) -> None:
        self.k = tr.zeros((LAYERS, SEQ, DIM))
        self.v = tr.zeros((LAYERS, SEQ, DIM))

    def store(self, layer: int, pos: int, k: tr.Tensor, v: tr.Tensor) -> tuple[tr.Pending, ...]:
        return (
            copy(self.k[layer, pos].partition((DIM,)), k).submit(),
            copy(self.v[layer, pos].partition((DIM,)), v).submit(),
        )


def main() -> None:
    cache = KVCache()
    k = tr.full((DIM,), 1.0)
    v = tr.full((DIM,), 2.0)
    writes = [cache.store(layer, 0, k, v) for layer in range(LAYERS)]
    for pk, _pv in writes:
        pk.wait()
    flat_v = cache.v.reshape(-1)
    print("v checksum", flat_v.to_numpy().sum())  # expect: TC102
    for _pk, pv in writes:
        pv.wait()


if __name__ == "__main__":
    main()
