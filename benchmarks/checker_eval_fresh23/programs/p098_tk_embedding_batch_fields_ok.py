from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 32, 64


@dataclass
class Batch:
    ids: tr.Tensor  # [n] i32 token ids
    act: tr.Tensor  # this batch's rows of the activation buffer

    @classmethod
    def make(cls, ids: list[int], act: tr.Tensor) -> "Batch":
        return cls(ids=tr.from_numpy(np.asarray(ids, dtype=np.int32)), act=act)


tab = np.arange(V * D, dtype=np.float32).reshape(V, D)
table = tr.from_numpy(tab)
batch = Batch.make([3, 1, 4, 1], tr.empty((4, D)))
tk.embedding(batch.act, table, batch.ids).sync()
np.testing.assert_array_equal(batch.act.to_numpy(), tab[[3, 1, 4, 1]])
