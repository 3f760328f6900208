"""A helper that starts the copy of the next batch to the device buffer and returns it."""

import numpy as np
from llmforge import copy

import tilert as tr


def prefetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((256,)), src).submit()


def train_step(batch: tr.Tensor) -> float:
    return float(batch.to_numpy().mean())


def main() -> None:
    host_batches = [np.full(2048, i, dtype=np.float32) for i in range(4)]
    device_buf = tr.empty((2048,))
    losses = []
    for arr in host_batches:
        src = tr.from_numpy(arr)
        pending = prefetch(device_buf, src)
        pending.wait()
        losses.append(train_step(device_buf))
    print("mean batch values:", losses)


main()
