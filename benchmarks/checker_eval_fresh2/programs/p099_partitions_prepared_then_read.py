"""Partitions for a batched zip launch are prepared, then one buffer is inspected."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    bufs = [tr.zeros((N,), name=f"b{i}") for i in range(3)]
    parts = [b.partition((64,)) for b in bufs]
    print("before:", bufs[1].to_numpy()[:2])  # expect: TC104
    tr.zip(*(fill(p, 1.0) for p in parts)).sync()


if __name__ == "__main__":
    main()
