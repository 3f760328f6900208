"""Keeping an exponential moving average of per-slot latencies on the device; the decay step
passes the accumulator tensor itself to the Mutable parameter."""

import numpy as np
from servekit import axpy, scale

import tilert as tr


class LatencyEMA:
    def __init__(self, slots: int, decay: float = 0.9) -> None:
        self.ema = tr.zeros((slots,), name="latency_ema")
        self.decay = decay

    def update(self, sample_ms: np.ndarray) -> None:
        scale(self.ema, self.decay).sync()  # expect: TC106
        axpy(self.ema.partition((8,)), tr.from_numpy(sample_ms), 1.0 - self.decay).sync()


ema = LatencyEMA(8)
for step in range(3):
    ema.update(np.full(8, 10.0 + step, dtype=np.float32))  # expect-also: TC106
print(ema.ema.to_numpy()[:2])
