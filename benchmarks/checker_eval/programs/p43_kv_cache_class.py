"""A KV cache class holding per-layer lists; append syncs, snapshot reads."""

import tilert as tr
from llm.kernels import axpy


class KVCache:
    def __init__(self, layers: int, seq: int) -> None:
        self.k = [tr.zeros((seq,)) for _ in range(layers)]
        self.v = [tr.zeros((seq,)) for _ in range(layers)]

    def append(self, layer: int, k_new: tr.Tensor, v_new: tr.Tensor) -> None:
        axpy(self.k[layer].partition((64,)), k_new, 1.0).sync()
        axpy(self.v[layer].partition((64,)), v_new, 1.0).sync()

    def snapshot(self) -> list[float]:
        return [float(t.to_numpy().sum()) for t in self.k + self.v]


def main() -> None:
    cache = KVCache(3, 128)
    k_new, v_new = tr.ones((128,)), tr.full((128,), 2.0)
    for layer in range(3):
        cache.append(layer, k_new, v_new)
    print(cache.snapshot())


if __name__ == "__main__":
    main()
