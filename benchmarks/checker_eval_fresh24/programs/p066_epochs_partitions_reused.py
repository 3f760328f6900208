"""Epoch loop over shards; the shard outputs are partitioned once before training starts."""

import numpy as np
from llmbasin import axpy

import tilert as tr

SHARD, N_SHARDS, EPOCHS = 1024, 3, 2


def main() -> None:
    rng = np.random.default_rng(18)
    data = [tr.from_numpy(rng.standard_normal(SHARD).astype(np.float32)) for _ in range(N_SHARDS)]
    accum = [tr.zeros((SHARD,), name=f"acc{i}") for i in range(N_SHARDS)]
    parts = [a.partition((256,)) for a in accum]
    for epoch in range(EPOCHS):
        for part, shard in zip(parts, data, strict=True):
            axpy(part, shard, 0.5).sync()  # expect: TC109
        print("epoch", epoch)
    print([float(a.to_numpy().sum()) for a in accum])


if __name__ == "__main__":
    main()
