"""A request batcher that fills a staging buffer from host arrays and launches on it."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmcove import add, copy, scale

import tilert as tr


@dataclass
class Batcher:
    width: int
    staging: tr.Tensor = field(init=False)
    device_batch: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.staging = tr.empty((self.width,))
        self.device_batch = tr.empty((self.width,))

    def submit(self, rows: list[np.ndarray]) -> tr.Pending:
        self.staging.copy_from(np.concatenate(rows))
        scale(self.staging.partition((self.width // 4,)), 1.0 / 255.0).sync()
        return copy(self.device_batch.partition((self.width // 4,)), self.staging).submit()


batcher = Batcher(1024)
for step in range(2):
    rows = [np.full(256, float(i + step), dtype=np.float32) for i in range(4)]
    pending = batcher.submit(rows)
    pending.wait()
out = tr.empty((1024,))
add(out.partition((256,)), batcher.device_batch, batcher.device_batch).sync()
print(out.to_numpy()[::256])
