"""A sampler object that computes next-token ids asynchronously."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class GreedySampler:
    def __init__(self, batch: int, vocab: int) -> None:
        self.ids = tr.zeros((batch,), dtype=tr.i32, name="ids")
        self.vocab = vocab
        self._inflight: tr.Pending | None = None

    def launch(self, logits: tr.Tensor) -> None:
        self._inflight = tk.argmax(self.ids, logits).submit()  # expect: TC108

    def result(self) -> list[int]:
        if self._inflight is not None:
            self._inflight.wait()
            self._inflight = None
        return self.ids.to_numpy().tolist()


rng = np.random.default_rng(17)
sampler = GreedySampler(4, 50)
logits = tr.from_numpy(rng.standard_normal((4, 50)).astype(np.float32))
sampler.launch(logits)
print(sampler.result())
sampler.launch(logits)  # expect-also: TC108
print("done")
