"""A weight prefetcher for layer-by-layer offloading: the next layer's weights are copied into
a device buffer while the current layer computes."""

import numpy as np
from llmfjord import copy

import tilert as tr

D = 2048
N_LAYERS = 4


class Prefetcher:
    def __init__(self, host_weights: list[tr.Tensor]) -> None:
        self.host_weights = host_weights
        self.buffers = [tr.empty((D,), name=f"wbuf{i}") for i in range(N_LAYERS)]
        self.inflight: tr.Pending | None = None

    def prefetch(self, layer: int) -> None:
        dst = self.buffers[layer].partition((512,))
        self.inflight = copy(dst, self.host_weights[layer]).submit()  # expect: TC108

    def get(self, layer: int) -> tr.Tensor:
        return self.buffers[layer]


rng = np.random.default_rng(0)
host_w = [tr.from_numpy(rng.random(D, dtype=np.float32)) for _ in range(N_LAYERS)]
pf = Prefetcher(host_w)
x = tr.ones((D,))
out = tr.empty((D,))

pf.prefetch(0)
for layer in range(N_LAYERS):
    if layer + 1 < N_LAYERS:
        pf.prefetch(layer + 1)  # expect-also: TC108
    if pf.inflight is not None and layer + 1 == N_LAYERS:
        pf.inflight.wait()
print("done")
