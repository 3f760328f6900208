"""Two streams ordered by an event; the host waits on the Pendings before reading."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import add, copy, scale

import tilert as tr

producer, consumer = tr.Stream(), tr.Stream()
x = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
y = tr.zeros((64,))
z = tr.zeros((64,))
copy(y.partition((16,)), x).sync()
first = scale(y.partition((16,)), 3.0).submit(producer)
ready = producer.record()
consumer.wait_event(ready)
second = add(z.partition((16,)), y, x).submit(consumer)  # reads y after the event
first.wait()
second.wait()
start_ms = ready.elapsed_ms(consumer.record())
assert start_ms >= 0.0
assert np.allclose(z.to_numpy(), 4 * x.to_numpy())
