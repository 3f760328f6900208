"""A producer stream fills a buffer, an event marks it, and the consumer stream waits on the
event before its launch reads the buffer; the host reads after both Pendings are waited."""

import numpy as np
from llmweave.kernels import fill, scale

import tilert as tr

producer, consumer = tr.Stream(), tr.Stream()
buf, out = tr.zeros((64,)), tr.zeros((64,))

filled = fill(buf.partition((16,)), 5.0).submit(producer)
ready = producer.record()
consumer.wait_event(ready)
scaled = scale(out.partition((16,)), buf, 2.0).submit(consumer)
filled.wait()
scaled.wait()
assert np.allclose(out.to_numpy(), 10.0)
print("handoff ok")
