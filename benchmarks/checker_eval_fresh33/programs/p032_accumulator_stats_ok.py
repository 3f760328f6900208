"""Accumulate per-step metrics on the device and report a running mean."""

from servekit import TILE, accumulate

import tilert as tr


class MetricAccumulator:
    def __init__(self, n: int) -> None:
        self.total = tr.zeros((n,), name="metric_total")
        self.count = 0

    def add(self, values: tr.Tensor) -> None:
        accumulate(self.total.partition((TILE,)), values).sync()
        self.count += 1

    def mean(self) -> float:
        return float(self.total.to_numpy().mean()) / max(self.count, 1)


acc = MetricAccumulator(256)
for step in range(4):
    acc.add(tr.full((256,), float(step)))
print(f"mean metric {acc.mean():.3f}")
