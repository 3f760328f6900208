"""A greedy sampler whose __call__ submits tk.argmax and reads the token id before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Greedy:
    def __init__(self, batch: int) -> None:
        self.ids = tr.zeros((batch,), dtype=tr.i32, name="ids")

    def __call__(self, logits: tr.Tensor) -> list[int]:
        pend = tk.argmax(self.ids, logits).submit()
        tokens = [int(t) for t in self.ids.to_numpy()]  # expect: TC102
        pend.wait()
        return tokens


logits = tr.from_numpy(np.random.default_rng(2).standard_normal((2, 100)).astype(np.float32))
print(Greedy(2)(logits))  # expect-also
