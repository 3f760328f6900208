"""A weight prefetcher: start copying the next layer's weights while the current layer runs."""

import numpy as np
from llmbasin import copy

import tilert as tr

D, LAYERS = 1024, 4


class Prefetcher:
    def __init__(self, host_weights: list[tr.Tensor]) -> None:
        self.host_weights = host_weights
        self.slots = [tr.empty((D,), name="slot0"), tr.empty((D,), name="slot1")]
        self._pending: list[tr.Pending] = []

    def prefetch(self, layer: int) -> None:
        slot = self.slots[layer % 2]
        self._pending.append(copy(slot.partition((256,)), self.host_weights[layer]).submit())

    def get_numpy(self, layer: int) -> np.ndarray:
        return self.slots[layer % 2].to_numpy()  # expect: TC102

    def drain(self) -> None:
        for p in self._pending:
            p.wait()
        self._pending.clear()


def main() -> None:
    rng = np.random.default_rng(25)
    weights = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(LAYERS)]
    pf = Prefetcher(weights)
    pf.prefetch(0)
    w0 = pf.get_numpy(0)  # expect-also: TC102
    pf.drain()
    print(w0[:3])


if __name__ == "__main__":
    main()
