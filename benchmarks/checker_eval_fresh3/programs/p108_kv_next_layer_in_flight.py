"""Layer l+1 of the cache is written while layer l, already waited, is read."""

from llmhost.kernels import fill

import tilert as tr

LAYERS = 4
kv = tr.zeros((LAYERS, 4, 16))
sums = []
pending = fill(kv[0].partition((4, 16)), 1.0).submit()
for layer in range(LAYERS):
    pending.wait()
    if layer + 1 < LAYERS:
        pending = fill(kv[layer + 1].partition((4, 16)), float(layer + 2)).submit()
    sums.append(float(kv[layer].to_numpy().sum()))
assert sums == [64.0 * (i + 1) for i in range(LAYERS)], sums
print("layer pipeline ok")
