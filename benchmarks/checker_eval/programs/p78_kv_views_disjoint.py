"""One KV tensor, K and V written through disjoint views at once, read after both waits."""

import tilert as tr
from llm.kernels import fill


def main(layers: int = 2, seq: int = 128) -> None:
    kv = tr.zeros((2, layers, seq))
    pends = []
    for layer in range(layers):
        pends.append(fill(kv[0][layer].partition((64,)), 1.0).submit())
        pends.append(fill(kv[1][layer].partition((64,)), 2.0).submit())
    for p in pends:
        p.wait()
    print(kv.to_numpy().sum())


if __name__ == "__main__":
    main()
