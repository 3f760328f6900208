"""A decode-time KV cache that owns its buffers and appends each step's keys in a method."""

import numpy as np
from llmbasin import copy, scale

import tilert as tr

HEAD_DIM = 64
MAX_SEQ = 32


class KVCache:
    def __init__(self, n_layers: int) -> None:
        self.keys = [tr.zeros((MAX_SEQ * HEAD_DIM,), name=f"k{i}") for i in range(n_layers)]
        self.scratch = tr.zeros((HEAD_DIM,), name="scratch")
        self.length = 0

    def append(self, layer: int, k: tr.Tensor) -> tr.Pending:
        row = self.keys[layer][self.length * HEAD_DIM : (self.length + 1) * HEAD_DIM]
        return copy(row.partition((HEAD_DIM,)), k).submit()

    def scaled_last(self, layer: int, k: tr.Tensor) -> np.ndarray:
        pending = scale(self.scratch.partition((HEAD_DIM,)), k, 0.125).submit()
        pending.wait()
        return self.scratch.to_numpy().copy()


def main() -> None:
    cache = KVCache(n_layers=2)
    k = tr.from_numpy(np.linspace(0, 1, HEAD_DIM, dtype=np.float32))
    for layer in range(2):
        cache.append(layer, k).wait()
    cache.length += 1
    print(cache.scaled_last(0, k)[:4])


if __name__ == "__main__":
    main()
