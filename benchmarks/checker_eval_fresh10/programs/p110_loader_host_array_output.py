"""A data loader with pinned-style (host, device) pairs; the download targets the host array."""

import numpy as np
from llmforge import kernels as k

import tilert as tr
from tilert import f32


class PinnedPair:
    def __init__(self, n: int) -> None:
        self.host = np.zeros(n, dtype=np.float32)
        self.device = tr.zeros((n,), dtype=f32)

    def download(self) -> np.ndarray:
        k.copy(self.host, self.device).sync()  # expect: TC106
        return self.host


pairs = [PinnedPair(8) for _ in range(2)]
for pair in pairs:
    k.fill(pair.device.partition((4,)), 1.0).sync()
batches = [pair.download() for pair in pairs]  # expect-also
print(sum(b.sum() for b in batches))
