"""A decode runner replaying a captured step; the caller reads the state between replays."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Runner:
    def __init__(self, width: int) -> None:
        self.state = tr.zeros((width,))
        self.step_in = tr.ones((width,))
        with tr.graph() as self.graph:
            self.graph.record(k.acc(tiles(self.state), self.step_in))

    def step(self) -> None:
        self.graph.launch().wait()

    def close(self) -> None:
        self.graph.close()


runner = Runner(8)
history = []
for _ in range(3):
    runner.step()
    history.append(float(runner.state.to_numpy()[0]))  # expect: TC102
runner.close()
print(history)
