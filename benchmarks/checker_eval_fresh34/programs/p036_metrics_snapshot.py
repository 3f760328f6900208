"""A serving worker that keeps device-side metrics: after each batch the batch's logits are
copied into a metrics buffer asynchronously, for a monitor to read later."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk


class Worker:
    def __init__(self, hidden: int, vocab: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.lm_head = tr.from_numpy(
            (rng.standard_normal((vocab, hidden)) * 0.1).astype(np.float32)
        )
        self.logits = tr.empty((2, vocab), name="logits")
        self.metrics = tr.zeros((2, vocab), name="metrics")
        self.batches = 0

    def record_metrics(self) -> None:
        part = self.metrics.partition((1, self.logits.shape[1]))
        copy(part, self.logits).submit()  # expect: TC108
        self.batches += 1

    def run_batch(self, hidden: tr.Tensor) -> list[int]:
        tk.linear(self.logits, hidden, self.lm_head).sync()
        tokens = self.logits.to_numpy().argmax(axis=1).tolist()
        self.record_metrics()
        return tokens


worker = Worker(hidden=32, vocab=64, seed=36)
rng = np.random.default_rng(0)
for _ in range(2):
    h = tr.from_numpy(rng.standard_normal((2, 32)).astype(np.float32))
    print(worker.run_batch(h))  # expect-also: TC108
print("batches", worker.batches)
