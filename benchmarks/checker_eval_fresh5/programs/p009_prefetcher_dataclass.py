"""A data-loader prefetcher (dataclass) with two slots: batch i+1 is copied while i is used."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmdeck.kernels import accumulate, copy

import tilert as tr

N = 32


@dataclass
class Prefetcher:
    batches: list[tr.Tensor]
    slots: list[tr.Tensor] = field(default_factory=lambda: [tr.zeros((N,)) for _ in range(2)])
    pending: list[tr.Pending | None] = field(default_factory=lambda: [None, None])

    def fetch(self, i: int) -> None:
        slot = i % 2
        self.pending[slot] = copy(self.slots[slot].partition((16,)), self.batches[i]).submit()

    def ready(self, i: int) -> tr.Tensor:
        slot = i % 2
        p = self.pending[slot]
        assert p is not None
        p.wait()
        self.pending[slot] = None
        return self.slots[slot]


def main() -> None:
    batches = [tr.full((N,), float(i)) for i in range(6)]
    pf = Prefetcher(batches)
    total = tr.zeros((N,))
    pf.fetch(0)
    for i in range(len(batches)):
        batch = pf.ready(i)
        if i + 1 < len(batches):
            pf.fetch(i + 1)
        accumulate(total.partition((16,)), batch).sync()
    assert np.allclose(total.to_numpy(), sum(range(6)))


if __name__ == "__main__":
    main()
