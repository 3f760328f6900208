from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class PromptBuffer:
    def __init__(self, n: int) -> None:
        self.ids = tr.zeros((n,), dtype=tr.i32, name="ids")

    def load(self, ids: list[int]) -> None:
        self.ids.copy_from(np.asarray(ids, dtype=np.int32))  # expect: TC103


table = tr.from_numpy(np.arange(40, dtype=np.float32).reshape(10, 4))
buf = PromptBuffer(3)
buf.load([1, 2, 3])
emb = tr.empty((3, 4))
pending = tk.embedding(emb, table, buf.ids).submit()
buf.load([4, 5, 6])  # expect-also
pending.wait()
