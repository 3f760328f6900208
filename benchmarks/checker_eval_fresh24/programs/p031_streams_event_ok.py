"""Overlap two independent projections on two streams and join them with an event."""

import numpy as np
from llmbasin import add, scale

import tilert as tr

N = 4096

rng = np.random.default_rng(2)
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
q = tr.empty((N,), name="q")
k = tr.empty((N,), name="k")
qk = tr.empty((N,), name="qk")

side = tr.Stream()
main_stream = tr.current_stream()
pq = scale(q.partition((1024,)), x, 0.5).submit(main_stream)
pk = scale(k.partition((1024,)), x, 2.0).submit(side)
main_stream.wait_event(side.record())
add(qk.partition((1024,)), q, k).submit(main_stream).wait()
pq.wait()
pk.wait()
print(float(k.to_numpy().sum()), float(qk.to_numpy().sum()))
