"""A dataclass future: the Pending kept in an optional field, waited by the `result` property
on first access."""

from dataclasses import dataclass, field

import numpy as np
from llmweave.kernels import mul

import tilert as tr


@dataclass
class Future:
    out: tr.Tensor
    pending: tr.Pending | None = None
    history: list[float] = field(default_factory=list)

    @property
    def result(self) -> np.ndarray:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.out.to_numpy()


a, b = tr.full((64,), 2.0), tr.full((64,), 3.0)
out = tr.zeros((64,))
fut = Future(out, mul(out.partition((16,)), a, b).submit())
assert np.allclose(fut.result, 6.0) and np.allclose(fut.result, 6.0)
print("future ok")
