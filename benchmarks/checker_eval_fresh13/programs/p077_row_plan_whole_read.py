"""Per-layer plans of cache rows kept in a list; the whole cache is dumped while they are alive."""

from llmrig import kernels as K

import tilert as tr

cache = tr.zeros((3, 64))
plans = [cache[layer].partition((32,)) for layer in range(3)]
snapshot = cache.to_numpy()  # expect: TC104
x = tr.arange(64)
for plan in plans:
    K.copy(plan, x).sync()
print(snapshot.shape)
