"""A stop mask whose truth value reads its device flags; checked while the update is in flight."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class StopMask:
    def __init__(self, n: int) -> None:
        self.flags = tr.zeros((n,))

    def __bool__(self) -> bool:
        return bool(self.flags.to_numpy().all())  # expect: TC102

    def update(self, hits: tr.Tensor) -> tr.Pending:
        return K.copy(H.tiles(self.flags), hits).submit()


mask = StopMask(32)
pending = mask.update(H.upload(np.ones(32)))
if mask:  # expect-also
    print("all requests stopped")
pending.wait()
