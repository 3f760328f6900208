"""Two streams: a copy of the next batch on a side stream overlaps compute on the main one,
ordered with an event."""

import numpy as np
from llmcove import copy, silu

import tilert as tr

N = 2048
rng = np.random.default_rng(2)
host_batches = [rng.standard_normal(N).astype(np.float32) for _ in range(3)]
staged = [tr.from_numpy(b) for b in host_batches]
device_in = tr.empty((N,))
out = tr.empty((N,))
side = tr.Stream()
main = tr.current_stream()

results = []
for batch in staged:
    with side:
        copy(device_in.partition((512,)), batch).sync()
        ready = side.record()
    main.wait_event(ready)
    silu(out.partition((512,)), device_in).sync()
    results.append(float(out.to_numpy().mean()))
print(np.round(results, 4))
