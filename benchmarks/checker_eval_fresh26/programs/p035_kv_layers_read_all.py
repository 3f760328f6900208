"""Write two layers of a stacked cache at once (disjoint views), then dump the whole cache."""

from llmfjord import copy

import tilert as tr

N_LAYERS, SLOTS = 2, 1024
cache = tr.zeros((N_LAYERS, SLOTS), name="cache")
new_k = [tr.full((SLOTS,), float(i + 1)) for i in range(N_LAYERS)]

p0 = copy(cache[0].partition((256,)), new_k[0]).submit()
p1 = copy(cache[1].partition((256,)), new_k[1]).submit()
p0.wait()
dump = cache.to_numpy()  # expect: TC102
p1.wait()
print(dump.sum(axis=1))
