"""A decoder keeping its previous Pending on ``self``: ``if self.prev is not None:
self.prev.wait()`` then it samples from the slot it has just submitted into."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Decoder:
    def __init__(self, h: tr.Tensor[tr.f32]) -> None:
        self.h = h
        self.slots = [tr.empty(h.shape), tr.empty(h.shape)]
        self.prev: tr.Pending | None = None
        self.t = 0
        self.tokens: list[int] = []

    def step(self) -> None:
        cur = self.slots[self.t % 2]
        pending = K.scale(tiles(cur), self.h, float(self.t + 1)).submit()
        if self.prev is not None:
            self.prev.wait()
            self.tokens.append(int(np.argmax(cur.to_numpy())))  # expect: TC102
        self.prev = pending
        self.t += 1

    def finish(self) -> None:
        if self.prev is not None:
            self.prev.wait()


dec = Decoder(vec(np.sin(np.arange(32))))
for _ in range(3):
    dec.step()  # expect-also
dec.finish()
print(dec.tokens)
