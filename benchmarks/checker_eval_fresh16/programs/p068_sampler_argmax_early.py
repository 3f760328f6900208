"""A greedy sampler object reads its token buffer before the argmax it submitted is waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Greedy:
    def __init__(self, batch: int) -> None:
        self.tokens = tr.zeros((batch,), dtype=tr.i32)
        self.pending = None

    def launch(self, logits: tr.Tensor) -> None:
        self.pending = tk.argmax(self.tokens, logits).submit()

    def tokens_list(self) -> list[int]:
        return self.tokens.to_numpy().tolist()  # expect: TC102


rng = np.random.default_rng(3)
logits = tr.from_numpy(rng.standard_normal((4, 50)).astype(np.float32))
g = Greedy(4)
g.launch(logits)
print(g.tokens_list())  # expect-also
g.pending.wait()
