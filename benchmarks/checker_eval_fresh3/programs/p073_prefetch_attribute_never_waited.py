from __future__ import annotations

import numpy as np
from llmhost.kernels import copy

import tilert as tr


class WeightLoader:
    def __init__(self, shards: list[np.ndarray]) -> None:
        self.host = [tr.from_numpy(s) for s in shards]
        self.device = [tr.zeros(s.shape) for s in shards]
        self.pending: tr.Pending | None = None

    def prefetch(self, i: int) -> None:
        self.pending = copy(self.device[i].partition((16,)), self.host[i]).submit()  # expect: TC108


loader = WeightLoader([np.ones(64, dtype=np.float32), np.zeros(64, dtype=np.float32)])
loader.prefetch(1)  # expect-also
print("loader ready")
