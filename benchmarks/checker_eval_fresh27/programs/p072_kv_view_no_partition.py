"""Write each layer's new keys into its slice of a stacked cache."""

from llmcove import copy

import tilert as tr

LAYERS, DIM = 3, 512
cache = tr.zeros((LAYERS, DIM), name="cache")
updates = [tr.full((DIM,), float(i)) for i in range(LAYERS)]

for layer, update in enumerate(updates):
    copy(cache[layer], update).sync()  # expect: TC106
print(cache.to_numpy().sum(axis=1))
