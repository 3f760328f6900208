"""A weight prefetcher: each layer's staging copy has its own pending, waited on use."""

import numpy as np
from llmcove import copy

import tilert as tr


class Prefetcher:
    def __init__(self, layer_weights: list[tr.Tensor]) -> None:
        self.layer_weights = layer_weights
        self.buffers = [tr.empty(w.shape) for w in layer_weights]
        self.stream = tr.Stream()
        self.pending: dict[int, tr.Pending] = {}

    def prefetch(self, layer: int) -> None:
        dst = self.buffers[layer]
        self.pending[layer] = copy(dst.partition((256,)), self.layer_weights[layer]).submit(
            self.stream
        )

    def get(self, layer: int) -> tr.Tensor:
        pending = self.pending.pop(layer, None)
        if pending is not None:
            pending.wait()
        return self.buffers[layer]


rng = np.random.default_rng(9)
weights = [tr.from_numpy(rng.standard_normal(1024).astype(np.float32)) for _ in range(3)]
pf = Prefetcher(weights)
total = 0.0
pf.prefetch(0)
for layer in range(len(weights)):
    if layer + 1 < len(weights):
        pf.prefetch(layer + 1)
    total += float(pf.get(layer).to_numpy().sum())
print(round(total, 3))
