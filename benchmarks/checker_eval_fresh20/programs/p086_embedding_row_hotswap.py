"""Embedding rows hot-swapped by map(Tensor.copy_from, ...) while tk.embedding reads the table."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

V, D = 8, 16
table = upload(np.arange(V * D)).reshape(V, D)
ids = tr.from_numpy(np.array([1, 4, 4], np.int32))
out = tr.zeros((3, D))
lookup = tk.embedding(out, table, ids).submit()
new_rows = [np.zeros(D, np.float32), np.ones(D, np.float32)]
list(map(tr.Tensor.copy_from, [table[2], table[5]], new_rows))  # expect: TC103
lookup.wait()
