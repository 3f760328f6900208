"""A producer stream and a consumer stream ordered by an event; only the consumer is waited,
then the producer's output is read."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
mid, out = tr.zeros(128), tr.zeros(128)
producer, consumer = tr.Stream(), tr.Stream()
with producer:
    p_mid = K.scale(tiles(mid), x, 2.0).submit()
ready = producer.record()
consumer.wait_event(ready)
with consumer:
    p_out = K.scale(tiles(out), mid, 0.5).submit()
p_out.wait()
print(out.to_numpy()[1], mid.to_numpy()[1])  # expect: TC102
p_mid.wait()
