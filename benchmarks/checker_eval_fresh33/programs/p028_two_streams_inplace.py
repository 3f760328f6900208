"""Produce activations on one stream, post-process them in place on another."""

from servekit import TILE, add, scale

import tilert as tr

N = 2048
x = tr.arange(N)
bias = tr.ones((N,))
act = tr.empty((N,))

producer, consumer = tr.Stream(), tr.Stream()
with producer:
    p1 = add(act.partition((TILE,)), x, bias).submit()
    ready = producer.record()

consumer.wait_event(ready)
with consumer:
    p2 = scale(act.partition((TILE,)), x, 0.5).submit()  # expect: TC102
p1.wait()
p2.wait()
print(act.to_numpy()[:4])
