"""Handing the embedding table to numpy zero-copy (DLPack) once the lookup has completed."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(2)
host_table = rng.standard_normal((32, 16)).astype(np.float32)
table = tr.from_numpy(host_table, name="table")
ids = tr.from_numpy(np.array([3, 5, 7], dtype=np.int32))
rows = tr.zeros((3, 16), name="rows")
pending = tk.embedding(rows, table, ids).submit()
pending.wait()
view = np.from_dlpack(table)
query = rows.to_numpy()[0]
np.testing.assert_array_equal(query, host_table[3])
assert int(np.argmax(view @ query)) == 3
