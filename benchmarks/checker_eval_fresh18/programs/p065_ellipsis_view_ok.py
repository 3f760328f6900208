"""An activation reading ``h[...]`` into a second buffer, then copied back in a later launch."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Hidden:
    def __init__(self, values: np.ndarray) -> None:
        self.h = vec(values)
        self.tmp = tr.empty(self.h.shape)

    def activate_(self) -> "Hidden":
        K.relu(tiles(self.tmp), self.h[...]).sync()
        K.copy(tiles(self.h), self.tmp).sync()
        return self


state = Hidden(np.arange(-32, 32)).activate_()
assert state.h.to_numpy().sum() == sum(range(32))
