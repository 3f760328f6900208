"""A graph runner exposing its buffers through ``__getitem__``; the loop reads the logits
between replays while the graph is still open."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Runner:
    def __init__(self, x: tr.Tensor[tr.f32]) -> None:
        self.bufs = {"h": tr.empty(x.shape), "logits": tr.empty(x.shape)}
        with tr.graph() as self.graph:
            self.graph.record(K.relu(tiles(self.bufs["h"]), x))
            self.graph.record(K.scale(tiles(self.bufs["logits"]), self.bufs["h"], 3.0))

    def __getitem__(self, name: str) -> np.ndarray:
        return self.bufs[name].to_numpy()  # expect: TC102

    def replay(self) -> None:
        self.graph.launch().wait()

    def close(self) -> None:
        self.graph.close()


runner = Runner(vec(np.arange(-4, 60)))
for _ in range(2):
    runner.replay()
    print(runner["logits"].max())  # expect-also
runner.close()
