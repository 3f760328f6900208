"""The next batch's token ids written into the ids tensor while tk.embedding still reads them."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

table = tr.from_numpy(np.arange(10 * 64, dtype=np.float32).reshape(10, 64))
ids = tr.from_numpy(np.array([1, 2, 3], dtype=np.int32))
out = tr.zeros((3, 64))
pending = tk.embedding(out, table, ids).submit()
ids.copy_from(np.array([4, 5, 6], dtype=np.int32))  # expect: TC103
pending.wait()
