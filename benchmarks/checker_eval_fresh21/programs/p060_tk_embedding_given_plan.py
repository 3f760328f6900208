"""A lookup helper partitions the embedding output itself, as for its own kernels; the library
partitions its outputs, and refuses a partition."""

import numpy as np
from llmloom import host as H

import tilert as tr
import tilert.kernels as tk

table = H.upload(np.arange(64 * 8).reshape(64, 8))
ids = tr.from_numpy(np.array([3, 1, 4, 1], dtype=np.int32))
rows = tr.zeros((4, 8))


def lookup(out: tr.Tensor, ids: tr.Tensor) -> None:
    tk.embedding(out.partition((1, 8)), table, ids).sync()  # expect: TC106


lookup(rows, ids)  # expect-also
