"""Continuous batching: `admit()` writes the new request's token ids into the ids buffer that
the submitted embedding lookup still reads."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk


class Batcher:
    def __init__(self, slots: int) -> None:
        self.ids = tr.from_numpy(np.zeros(slots, dtype=np.int32))

    def admit(self, slot: int, token: int) -> None:
        ids = self.ids.to_numpy().copy()
        ids[slot] = token
        self.ids.copy_from(ids)  # expect: TC103


table = upload(np.arange(32 * 64).reshape(32, 64))
batch = Batcher(4)
emb = tr.zeros((4, 64))
pending = tk.embedding(emb, table, batch.ids).submit()
batch.admit(2, 17)  # expect-also
pending.wait()
