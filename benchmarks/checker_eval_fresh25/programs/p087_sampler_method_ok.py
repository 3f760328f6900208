"""A sampler object that runs argmax over a batch of logits."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class GreedySampler:
    def __init__(self, batch: int) -> None:
        self.ids = tr.zeros((batch,), dtype=tr.i32, name="ids")

    def sample_async(self, logits: tr.Tensor) -> tr.Pending:
        return tk.argmax(self.ids, logits).submit()

    def result(self, pending: tr.Pending) -> list[int]:
        pending.wait()
        return self.ids.to_numpy().tolist()


logits_np = np.random.default_rng(2).standard_normal((4, 100)).astype(np.float32)
sampler = GreedySampler(4)
handle = sampler.sample_async(tr.from_numpy(logits_np))
chosen = sampler.result(handle)
assert chosen == logits_np.argmax(axis=1).tolist()
print(chosen)
