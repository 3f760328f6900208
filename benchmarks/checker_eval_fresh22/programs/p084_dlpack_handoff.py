"""Handing the embedding table to numpy zero-copy (DLPack) for a nearest-neighbour search."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(2)
table = tr.from_numpy(rng.standard_normal((32, 16)).astype(np.float32), name="table")
ids = tr.from_numpy(np.array([3, 5, 7], dtype=np.int32))
rows = tr.zeros((3, 16), name="rows")
pending = tk.embedding(rows, table, ids).submit()
view = np.from_dlpack(table)  # expect: TC103
pending.wait()
query = rows.to_numpy()[0]
print(int(np.argmax(view @ query)))
