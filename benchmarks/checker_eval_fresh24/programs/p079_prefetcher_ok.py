"""A weight prefetcher: start copying the next layer's weights while the current layer runs."""

import numpy as np
from llmbasin import copy, relu

import tilert as tr

D, LAYERS = 1024, 4


class Prefetcher:
    def __init__(self, host_weights: list[tr.Tensor]) -> None:
        self.host_weights = host_weights
        self.slots = [tr.empty((D,), name="slot0"), tr.empty((D,), name="slot1")]
        self._pending: tr.Pending | None = None

    def prefetch(self, layer: int) -> None:
        slot = self.slots[layer % 2]
        self._pending = copy(slot.partition((256,)), self.host_weights[layer]).submit()

    def get(self, layer: int) -> tr.Tensor:
        if self._pending is not None:
            self._pending.wait()
            self._pending = None
        return self.slots[layer % 2]


def main() -> None:
    rng = np.random.default_rng(25)
    weights = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(LAYERS)]
    pf = Prefetcher(weights)
    act = tr.empty((D,), name="act")
    pf.prefetch(0)
    for layer in range(LAYERS):
        w = pf.get(layer)
        relu(act.partition((256,)), w).sync()
        if layer + 1 < LAYERS:
            pf.prefetch(layer + 1)
        print(layer, float(act.to_numpy().sum()))


if __name__ == "__main__":
    main()
