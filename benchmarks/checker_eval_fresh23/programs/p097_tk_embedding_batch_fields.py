from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 32, 64


@dataclass
class Batch:
    ids: tr.Tensor  # [n] i32 token ids
    slots: tr.Partition  # where this batch's rows of the activation buffer go

    @classmethod
    def make(cls, ids: list[int], act: tr.Tensor) -> "Batch":
        t = tr.from_numpy(np.asarray(ids, dtype=np.int32))
        return cls(ids=t, slots=t.partition((len(ids),)))


table = tr.from_numpy(np.arange(V * D, dtype=np.float32).reshape(V, D))
act = tr.empty((4, D))
batch = Batch.make([3, 1, 4, 1], act)
tk.embedding(act, table, batch.slots).sync()  # expect: TC106
