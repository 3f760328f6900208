"""A dataclass for an in-flight batch (logits buffer and its Pending); `tokens()` decodes the
argmax on the host and forgets to settle the batch first."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmforge import kernels as k

import tilert as tr


@dataclass
class InflightBatch:
    logits: tr.Tensor
    pending: tr.Pending

    def settle(self) -> None:
        self.pending.wait()

    def tokens(self) -> list[int]:
        rows = self.logits.to_numpy().reshape(4, 16)  # expect: TC102
        return [int(i) for i in np.argmax(rows, axis=1)]


def launch(h: tr.Tensor) -> InflightBatch:
    logits = tr.zeros((64,))
    return InflightBatch(logits, k.scale(logits.partition((16,)), h, 2.0).submit())


batch = launch(tr.from_numpy(np.arange(64, dtype=np.float32)))
print(batch.tokens())  # expect-also
batch.settle()
