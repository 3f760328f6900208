"""A vocabulary object swaps in an extended embedding table while `tk.embedding` still reads it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 32, 16
rng = np.random.default_rng(8)


class Vocab:
    def __init__(self) -> None:
        self.table = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))

    def lookup(self, out: tr.Tensor, ids: tr.Tensor) -> tr.Pending:
        return tk.embedding(out, self.table, ids).submit()

    def extend(self, rows: np.ndarray) -> None:
        updated = self.table.to_numpy().copy()
        updated[-len(rows) :] = rows
        self.table.copy_from(updated)  # expect: TC103


vocab = Vocab()
h = tr.empty((3, D))
pending = vocab.lookup(h, tr.from_numpy(np.array([1, 2, 3], np.int32)))
vocab.extend(np.zeros((2, D), np.float32))  # expect-also
pending.wait()
