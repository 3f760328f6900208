"""A decode loop over a captured graph, vLLM-style: one graph per batch size, captured once
ahead of time, replayed for the steps of a batch; the graph is closed before the host reads the
state it wrote."""

import numpy as np
from llmcraft import add, silu

import tilert as tr

D = 256
STEPS = 4


class CapturedDecoder:
    def __init__(self, batch_sizes: list[int]) -> None:
        self.inputs = {b: tr.ones((b * D,), name=f"in{b}") for b in batch_sizes}
        self.acts = {b: tr.empty((b * D,), name=f"act{b}") for b in batch_sizes}
        self.outs = {b: tr.empty((b * D,), name=f"out{b}") for b in batch_sizes}
        self.graphs: dict[int, tr.Graph] = {}
        for b in batch_sizes:
            with tr.graph() as g:
                g.record(silu(self.acts[b].partition((64,)), self.inputs[b]))
                g.record(add(self.outs[b].partition((64,)), self.acts[b], self.inputs[b]))
            self.graphs[b] = g

    def run(self, batch: int, steps: int) -> np.ndarray:
        g = self.graphs.pop(batch)
        for _ in range(steps):
            g.launch().wait()
        g.close()
        return self.outs[batch].to_numpy()

    def close(self) -> None:
        for g in self.graphs.values():
            g.close()
        self.graphs.clear()


decoder = CapturedDecoder([1, 2])
result = decoder.run(2, STEPS)
decoder.close()
print(result[:2])
