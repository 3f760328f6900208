"""Produce activations on one stream, consume them on another ordered after an event."""

import numpy as np
from servekit import TILE, add, scale

import tilert as tr

N = 2048
x = tr.arange(N)
bias = tr.ones((N,))
act = tr.empty((N,))
out = tr.empty((N,))

producer, consumer = tr.Stream(), tr.Stream()
with producer:
    p1 = add(act.partition((TILE,)), x, bias).submit()
    ready = producer.record()

consumer.wait_event(ready)
with consumer:
    p2 = scale(out.partition((TILE,)), act, 0.5).submit()
    done = consumer.record()
done.synchronize()
p1.wait()
p2.wait()
expect = 0.5 * (np.arange(N, dtype=np.float32) + 1)
print("max err", np.abs(out.to_numpy() - expect).max())
