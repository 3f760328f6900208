"""The consumer stream is synchronized and the host then reads the producer's output, whose
Pending was never waited."""

from __future__ import annotations

from llmdeck.kernels import copy, scale

import tilert as tr

N = 64
producer, consumer = tr.Stream(), tr.Stream()
x = tr.arange(N)
y, z = tr.zeros((N,)), tr.zeros((N,))
p_y = scale(y.partition((16,)), x, 3.0).submit(producer)
consumer.wait_event(producer.record())
p_z = copy(z.partition((16,)), x).submit(consumer)
consumer.synchronize()
print(y.to_numpy().sum())  # expect: TC102
p_z.wait()
p_y.wait()
