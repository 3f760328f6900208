"""Per-layer cache writes over `enumerate(zip(...))`, with a debug dump of the whole cache
inside the loop."""

from llmweave.kernels import scale

import tilert as tr

kv = tr.zeros((3, 64))
weights = [tr.ones((64,)) for _ in range(3)]
flights = []
for layer, (w, cache) in enumerate(zip(weights, [kv[i] for i in range(3)], strict=True)):
    flights.append(scale(cache.partition((16,)), w, float(layer)).submit())
    if layer == 1:
        print("cache so far", kv.to_numpy()[:layer].sum())  # expect: TC102
for f in flights:
    f.wait()
