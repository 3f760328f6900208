"""A vocabulary mask with __contains__ checked after the mask kernel's wait."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Allowed:
    def __init__(self, n: int) -> None:
        self.mask = tr.zeros(n)

    def __contains__(self, token: int) -> bool:
        return bool(self.mask.to_numpy()[token] > 0)


allowed = Allowed(128)
ids = tr.from_numpy((np.arange(128) % 2).astype(np.float32))
pending = K.copy(tiles(allowed.mask), ids).submit()
pending.wait()
assert 3 in allowed and 4 not in allowed
