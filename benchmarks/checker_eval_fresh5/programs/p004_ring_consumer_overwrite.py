"""Producer/consumer ring: the consumer's op reads a slot; the producer overwrites that slot
before the consumer's Pending was waited."""

from __future__ import annotations

from llmdeck.kernels import copy, scale

import tilert as tr

N = 32


class Ring:
    def __init__(self, slots: int) -> None:
        self.slots = [tr.zeros((N,)) for _ in range(slots)]
        self.out = [tr.zeros((N,)) for _ in range(slots)]
        self.readers: list[tr.Pending] = []

    def produce(self, i: int, src: tr.Tensor) -> None:
        copy(self.slots[i].partition((16,)), src).sync()  # expect: TC103

    def consume(self, i: int) -> None:
        self.readers.append(scale(self.out[i].partition((16,)), self.slots[i], 2.0).submit())

    def close(self) -> None:
        for r in self.readers:
            r.wait()


ring = Ring(2)
src = tr.ones((N,))
ring.produce(0, src)
ring.consume(0)
ring.produce(0, src)  # expect-also
ring.close()
