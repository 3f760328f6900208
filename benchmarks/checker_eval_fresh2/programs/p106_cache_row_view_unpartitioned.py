"""Writing a new key into a cache row view, forgetting to partition the view."""

from __future__ import annotations

from llmserve.kernels import copy

import tilert as tr

LAYERS, SEQ, DIM = 2, 8, 64


def main() -> None:
    k_cache = tr.zeros((LAYERS, SEQ, DIM))
    k_new = tr.ones((DIM,))
    for layer in range(LAYERS):
        copy(k_cache[layer, 0], k_new).sync()  # expect: TC106
    print(k_cache.to_numpy()[:, 0, 0])


if __name__ == "__main__":
    main()
