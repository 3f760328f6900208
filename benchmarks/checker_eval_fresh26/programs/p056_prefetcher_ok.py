"""A weight prefetcher for layer-by-layer offloading: the next layer's weights are copied into
a device buffer while the current layer computes."""

import numpy as np
from llmfjord import copy, mul

import tilert as tr

D = 2048
N_LAYERS = 4


class Prefetcher:
    def __init__(self, host_weights: list[tr.Tensor]) -> None:
        self.host_weights = host_weights
        self.buffers = [tr.empty((D,), name=f"wbuf{i}") for i in range(N_LAYERS)]
        self.inflight: dict[int, tr.Pending] = {}

    def prefetch(self, layer: int) -> None:
        dst = self.buffers[layer].partition((512,))
        self.inflight[layer] = copy(dst, self.host_weights[layer]).submit()

    def get(self, layer: int) -> tr.Tensor:
        pending = self.inflight.pop(layer, None)
        if pending is not None:
            pending.wait()
        return self.buffers[layer]


rng = np.random.default_rng(0)
host_w = [tr.from_numpy(rng.random(D, dtype=np.float32)) for _ in range(N_LAYERS)]
pf = Prefetcher(host_w)
x = tr.ones((D,))
out = tr.empty((D,))

pf.prefetch(0)
for layer in range(N_LAYERS):
    if layer + 1 < N_LAYERS:
        pf.prefetch(layer + 1)
    w = pf.get(layer)
    mul(out.partition((512,)), x, w).sync()
print("checksum:", float(out.to_numpy().sum()))
