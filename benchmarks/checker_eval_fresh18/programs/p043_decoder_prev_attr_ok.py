"""A decoder keeping its previous Pending on ``self``; after ``self.prev.wait()`` it samples
the previous step's slot, and ``finish()`` samples the last one."""

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
            self.tokens.append(int(np.argmax(self.slots[(self.t - 1) % 2].to_numpy())))
        self.prev = pending
        self.t += 1

    def finish(self) -> None:
        if self.prev is not None:
            self.prev.wait()
            self.tokens.append(int(np.argmax(self.slots[(self.t - 1) % 2].to_numpy())))
            self.prev = None


raw = np.sin(np.arange(32)).astype(np.float32)
dec = Decoder(vec(raw))
for _ in range(3):
    dec.step()
dec.finish()
assert dec.tokens == [int(np.argmax(raw))] * 3
