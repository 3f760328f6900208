"""Copy each epoch's shard into the device buffers, partitions made once per epoch."""

import numpy as np
from llmforge import copy

import tilert as tr

SHARDS, N, EPOCHS = 3, 512, 2


def main() -> None:
    bufs = [tr.empty((N,), name=f"shard{i}") for i in range(SHARDS)]
    totals = []
    for epoch in range(EPOCHS):
        inputs = [tr.from_numpy(np.full(N, epoch + i, dtype=np.float32)) for i in range(SHARDS)]
        tiles = [b.partition((128,)) for b in bufs]
        for t, x in zip(tiles, inputs, strict=True):
            copy(t, x).sync()
        totals.append(sum(float(b.to_numpy().sum()) for b in bufs))
    print("totals:", totals)


main()
