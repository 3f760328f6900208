"""Generation stops when a stop id shows up in the sampled ids (ids kept as f32 on device)."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import copy

import tilert as tr


class SampledIds:
    def __init__(self, batch: int) -> None:
        self.ids = tr.zeros((batch,), name="sampled")
        self.inflight = None

    def __contains__(self, token: int) -> bool:
        if self.inflight is not None:
            self.inflight.wait()
            self.inflight = None
        return bool((self.ids.to_numpy() == token).any())

    def write_from(self, draft: tr.Tensor) -> None:
        self.inflight = copy(tiles(self.ids), draft).submit()


EOS = 2
sampled = SampledIds(64)
draft = tr.from_numpy(np.where(np.arange(64) == 17, EOS, 5).astype(np.float32))
sampled.write_from(draft)
finished = EOS in sampled
assert finished
print("finished:", finished)
