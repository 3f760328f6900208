"""A producer stream writes the next layer's input; the consumer stream is ordered after it
with `wait_event` and reads it in its own launch. Both Pendings are waited before the host
reads."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

producer, consumer = tr.Stream(), tr.Stream()
x = tr.full((64,), 2.0)
h = tr.zeros((64,))
y = tr.zeros((64,))
p1 = k.scale(h.partition((16,)), x, 3.0).submit(producer)
ready = producer.record()
consumer.wait_event(ready)
p2 = k.scale(y.partition((16,)), h, 0.5).submit(consumer)
p2.wait()
p1.wait()
assert np.all(y.to_numpy() == 3.0), y.to_numpy()[:2]
print(y.to_numpy()[0])
