"""Copy each epoch's shard into the device buffers; the partitions are made up front."""

import numpy as np
from llmforge import copy

import tilert as tr

SHARDS, N, EPOCHS = 3, 512, 2


def main() -> None:
    bufs = [tr.empty((N,), name=f"shard{i}") for i in range(SHARDS)]
    totals = []
    tiles = [b.partition((128,)) for b in bufs]
    for epoch in range(EPOCHS):
        inputs = [tr.from_numpy(np.full(N, epoch + i, dtype=np.float32)) for i in range(SHARDS)]
        for t, x in zip(tiles, inputs, strict=True):
            copy(t, x).sync()  # expect: TC109
        totals.append(sum(float(b.to_numpy().sum()) for b in bufs))
    print("totals:", totals)


main()
