"""Prefetch helper: kicks off the next batch's normalisation and returns the Pending."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def prefetch_norm(out: tr.Tensor, batch: np.ndarray, weight: tr.Tensor) -> tr.Pending:
    x = tr.from_numpy(batch)
    return tk.rmsnorm(out, x, weight, eps=1e-6).submit()  # expect: TC108


def run_epoch(batches: list[np.ndarray], hidden: int) -> float:
    weight = tr.ones((hidden,))
    total = 0.0
    for batch in batches:
        out = tr.empty(batch.shape)
        prefetch_norm(out, batch, weight)  # expect-also: TC108
        total += float(batch.mean())
    return total


rng = np.random.default_rng(3)
data = [rng.standard_normal((8, 32)).astype(np.float32) for _ in range(3)]
print(run_epoch(data, 32))
