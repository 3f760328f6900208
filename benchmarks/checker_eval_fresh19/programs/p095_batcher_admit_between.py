"""Continuous batching: the embedding lookup is waited before `admit()` rewrites the ids."""

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
        self.ids.copy_from(ids)


tab = np.arange(32 * 64, dtype=np.float32).reshape(32, 64)
table = upload(tab)
batch = Batcher(4)
emb = tr.zeros((4, 64))
pending = tk.embedding(emb, table, batch.ids).submit()
seen = batch.ids.to_numpy().copy()  # only read by the lookup
pending.wait()
batch.admit(2, 17)
tk.embedding(emb, table, batch.ids).sync()
np.testing.assert_allclose(emb.to_numpy()[2], tab[17])
assert not seen.any()
print("ok")
