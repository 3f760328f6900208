"""A sampler object that runs argmax over a batch of logits."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class GreedySampler:
    def __init__(self, batch: int) -> None:
        self.ids = tr.zeros((batch,), dtype=tr.i32, name="ids")

    def sample(self, logits: tr.Tensor) -> list[int]:
        pending = tk.argmax(self.ids, logits).submit()
        chosen = self.ids.to_numpy().tolist()  # expect: TC102
        pending.wait()
        return chosen


logits = tr.from_numpy(np.random.default_rng(2).standard_normal((4, 100)).astype(np.float32))
sampler = GreedySampler(4)
print(sampler.sample(logits))  # expect-also: TC102
