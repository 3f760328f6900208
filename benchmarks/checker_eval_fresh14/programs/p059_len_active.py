"""A batch whose `__len__` counts active slots from a device mask; `len(batch)` is taken
while the mask update runs."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Batch:
    def __init__(self, n: int) -> None:
        self.mask = tr.zeros((n,), name="mask")

    def admit(self, flags: tr.Tensor) -> tr.Pending:
        return K.copy(tiles(self.mask), flags).submit()

    def __len__(self) -> int:
        return int((self.mask.to_numpy() > 0).sum())  # expect: TC102


batch = Batch(16)
flags = tr.from_numpy((np.arange(16) % 3 == 0).astype(np.float32))
admitting = batch.admit(flags)
for slot in range(len(batch)):  # expect-also
    print("slot", slot)
admitting.wait()
