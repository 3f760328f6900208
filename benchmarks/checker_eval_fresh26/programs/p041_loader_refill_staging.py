"""A data loader that stages each batch in one device buffer and normalizes it into the batch
the training step consumes; the next batch is staged while the previous one is normalized."""

import numpy as np
from llmfjord import copy, scale

import tilert as tr

BATCH = 4096


class Loader:
    def __init__(self, n_batches: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.host = [rng.random(BATCH, dtype=np.float32) for _ in range(n_batches)]
        self.source = [tr.from_numpy(a) for a in self.host]
        self.staging = tr.empty((BATCH,), name="staging")
        self.pending: tr.Pending | None = None

    def stage(self, i: int) -> None:
        copy(self.staging.partition((1024,)), self.source[i]).sync()  # expect: TC103

    def normalize_into(self, out: tr.Tensor) -> None:
        self.pending = scale(out.partition((1024,)), self.staging, 1.0 / 255).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


loader = Loader(n_batches=3)
batches = [tr.empty((BATCH,), name=f"batch{i}") for i in range(3)]
loader.stage(0)
for i in range(3):
    loader.normalize_into(batches[i])
    if i + 1 < 3:
        loader.stage(i + 1)  # expect-also: TC103
    loader.finish()
print([float(b.to_numpy().mean()) for b in batches])
