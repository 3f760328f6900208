from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Head:
    def __init__(self, vocab: int, d: int) -> None:
        rng = np.random.default_rng(3)
        self.w = tr.from_numpy(rng.standard_normal((vocab, d)).astype(np.float32))
        self._logits = tr.zeros((vocab,))
        self._pending: tr.Pending | None = None

    def start(self, h: tr.Tensor) -> None:
        self._pending = tk.gemv(self._logits, self.w, h).submit()

    @property
    def logits(self) -> np.ndarray:
        if self._pending is not None:
            self._pending.wait()
            self._pending = None
        return self._logits.to_numpy()


head = Head(32, 64)
head.start(tr.ones((64,)))
top = int(np.argmax(head.logits))
print("next token", top)
