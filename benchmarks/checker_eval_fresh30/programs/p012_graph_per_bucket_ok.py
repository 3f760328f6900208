"""Graphs per batch-size bucket, as serving engines keep them; each replayed, then closed."""

import numpy as np
from llmquill import gelu, scale

import tilert as tr

BUCKETS = (128, 256, 512)


class GraphRunner:
    def __init__(self) -> None:
        self.inputs = {b: tr.zeros((b,)) for b in BUCKETS}
        self.hidden = {b: tr.empty((b,)) for b in BUCKETS}
        self.outputs = {b: tr.empty((b,)) for b in BUCKETS}
        self.graphs: dict[int, tr.Graph] = {}
        for b in BUCKETS:
            with tr.graph() as g:
                g.record(gelu(self.hidden[b].partition((64,)), self.inputs[b]))
                g.record(scale(self.outputs[b].partition((64,)), self.hidden[b], 2.0))
            self.graphs[b] = g

    def run(self, bucket: int, steps: int) -> None:
        for _ in range(steps):
            self.graphs[bucket].launch().wait()

    def close(self) -> None:
        for g in self.graphs.values():
            g.close()


runner = GraphRunner()
for bucket in BUCKETS:
    runner.run(bucket, 2)
runner.close()
print({b: float(np.abs(runner.outputs[b].to_numpy()).sum()) for b in BUCKETS})
