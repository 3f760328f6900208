"""A KV cache as one tensor [layers, tokens, dim]; each layer's slice written in turn."""

import numpy as np
from llmforge import copy

import tilert as tr

LAYERS, TOKENS, DIM = 4, 16, 64


def main() -> None:
    cache = tr.zeros((LAYERS, TOKENS, DIM), name="kv")
    new_kv = [
        tr.from_numpy(np.full((TOKENS, DIM), layer, dtype=np.float32)) for layer in range(LAYERS)
    ]
    pendings = []
    for layer in range(LAYERS):
        pendings.append(copy(cache[layer].partition((TOKENS, DIM)), new_kv[layer]).submit())
    pendings[-1].wait()
    print("layer means:", cache.to_numpy().mean(axis=(1, 2)))  # expect: TC102
    for p in pendings[:-1]:
        p.wait()


main()
