"""A data loader prefetching batches into two device buffers: batch i+1 is copied in while
batch i is reduced; each copy's Pending is carried into the next iteration and waited there."""

import numpy as np
from llmweave.kernels import accumulate, copy

import tilert as tr

host_batches = [np.full(64, i, np.float32) for i in range(6)]
staging = [tr.zeros((64,)) for _ in range(2)]
device = [tr.zeros((64,)) for _ in range(2)]
total = tr.zeros((64,))

staging[0].copy_from(host_batches[0])
fetch = copy(device[0].partition((16,)), staging[0]).submit()
for i in range(len(host_batches)):
    cur = i % 2
    fetch.wait()
    if i + 1 < len(host_batches):
        nxt = (i + 1) % 2
        staging[nxt].copy_from(host_batches[i + 1])
        fetch = copy(device[nxt].partition((16,)), staging[nxt]).submit()
    accumulate(total.partition((16,)), device[cur]).sync()

assert np.allclose(total.to_numpy(), sum(range(6)))
print("loader ok")
