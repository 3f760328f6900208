"""Front/back buffers held in a frozen dataclass, swapped with dataclasses.replace."""

import dataclasses

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


@dataclasses.dataclass(frozen=True)
class Buffers:
    front: tr.Tensor
    back: tr.Tensor

    def swapped(self) -> "Buffers":
        return dataclasses.replace(self, front=self.back, back=self.front)


x = upload(np.arange(64))
bufs = Buffers(tr.zeros((64,), name="a"), tr.zeros((64,), name="b"))
seen = []
for step in range(3):
    pending = K.scale(tiles(bufs.back), x, float(step + 1)).submit()
    bufs = bufs.swapped()
    seen.append(float(bufs.front.to_numpy()[1]))  # expect: TC102
    pending.wait()
print(seen)
