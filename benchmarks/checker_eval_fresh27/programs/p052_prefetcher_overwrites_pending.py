"""A weight prefetcher: each call stages the next layer's weights on a side stream and keeps
the pending so the consumer can wait for it."""

import numpy as np
from llmcove import copy

import tilert as tr


class Prefetcher:
    def __init__(self, layer_weights: list[tr.Tensor]) -> None:
        self.layer_weights = layer_weights
        self.buffers = [tr.empty(w.shape) for w in layer_weights]
        self.stream = tr.Stream()
        self.pending: tr.Pending | None = None

    def prefetch(self, layer: int) -> None:
        dst = self.buffers[layer]
        op = copy(dst.partition((256,)), self.layer_weights[layer])
        self.pending = op.submit(self.stream)  # expect: TC108

    def get(self, layer: int) -> tr.Tensor:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.buffers[layer]


rng = np.random.default_rng(9)
weights = [tr.from_numpy(rng.standard_normal(1024).astype(np.float32)) for _ in range(3)]
pf = Prefetcher(weights)
pf.prefetch(0)
pf.prefetch(1)  # expect-also: TC108
w1 = pf.get(1)
print(float(w1.to_numpy().sum()))
