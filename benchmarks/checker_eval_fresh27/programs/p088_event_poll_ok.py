"""Poll an event while the host prepares the next batch, then wait and read the result."""

import numpy as np
from llmcove import mul

import tilert as tr

N = 2048
rng = np.random.default_rng(21)
a = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
b = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
out = tr.empty((N,))
stream = tr.Stream()

pending = mul(out.partition((512,)), a, b).submit(stream)
done_event = stream.record()
polls = 0
next_host = None
while not done_event.done():
    polls += 1
    if next_host is None:
        next_host = rng.standard_normal(N).astype(np.float32)
pending.wait()
print(polls >= 0, np.allclose(out.to_numpy(), a.to_numpy() * b.to_numpy()))
