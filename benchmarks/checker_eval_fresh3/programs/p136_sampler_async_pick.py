from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Sampler:
    def __init__(self, vocab: int) -> None:
        self.probs = tr.empty((1, vocab))
        self.choice = tr.empty((1,), dtype=tr.i32)
        self._pending: tr.Pending | None = None

    def launch(self, logits: tr.Tensor) -> None:
        tk.softmax(self.probs, logits).sync()
        self._pending = tk.argmax(self.choice, self.probs).submit()

    def token(self) -> int:
        return int(self.choice.to_numpy()[0])  # expect: TC102

    def wait(self) -> None:
        if self._pending is not None:
            self._pending.wait()


s = Sampler(4)
s.launch(tr.from_numpy(np.array([[0.1, 2.0, -1.0, 0.5]], dtype=np.float32)))
print("picked", s.token())  # expect-also
s.wait()
