"""A sampled-token holder usable as an index (`__index__`); `vocab[tok]` reads the device
value while the sampler still writes it."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Token:
    def __init__(self) -> None:
        self.slot = tr.zeros((16,), name="token")

    def __index__(self) -> int:
        return int(self.slot.to_numpy()[0])  # expect: TC102


vocab = ["<s>", "a", "b", "c", "d"]
tok = Token()
picked = tr.from_numpy(np.full(16, 3.0, np.float32))
sampling = K.copy(tiles(tok.slot), picked).submit()
print(vocab[tok])  # expect-also
sampling.wait()
