"""An engine whose prefill returns the op for the caller to run; the caller runs it before
using the hidden states."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Engine:
    def __init__(self, vocab: int, dim: int) -> None:
        rng = np.random.default_rng(11)
        self.embed = tr.from_numpy(rng.standard_normal((vocab, dim)).astype(np.float32))
        self.dim = dim

    def prefill(self, ids: np.ndarray) -> tuple[tr.Op, tr.Tensor]:
        hidden = tr.empty((len(ids), self.dim), name="prefill_hidden")
        op = tk.embedding(hidden, self.embed, tr.from_numpy(ids.astype(np.int32)))
        return op, hidden


engine = Engine(vocab=100, dim=16)
op, hidden = engine.prefill(np.array([5, 17, 42]))
op.sync()
print("hidden rows", hidden.shape[0], float(hidden.to_numpy()[0, 0]))
