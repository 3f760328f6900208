"""A data loader that stages each batch in one of two device buffers and normalizes it into
the batch the training step consumes; the next batch is staged in the other buffer while the
previous one is normalized."""

import numpy as np
from llmfjord import copy, scale

import tilert as tr

BATCH = 4096


class Loader:
    def __init__(self, n_batches: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.host = [rng.random(BATCH, dtype=np.float32) for _ in range(n_batches)]
        self.source = [tr.from_numpy(a) for a in self.host]
        self.staging = [tr.empty((BATCH,), name="staging0"), tr.empty((BATCH,), name="staging1")]
        self.pending: tr.Pending | None = None

    def stage(self, i: int) -> None:
        copy(self.staging[i % 2].partition((1024,)), self.source[i]).sync()

    def normalize_into(self, i: int, out: tr.Tensor) -> None:
        self.pending = scale(out.partition((1024,)), self.staging[i % 2], 1.0 / 255).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


loader = Loader(n_batches=3)
batches = [tr.empty((BATCH,), name=f"batch{i}") for i in range(3)]
loader.stage(0)
for i in range(3):
    loader.normalize_into(i, batches[i])
    if i + 1 < 3:
        loader.stage(i + 1)
    loader.finish()
print([float(b.to_numpy().mean()) for b in batches])
