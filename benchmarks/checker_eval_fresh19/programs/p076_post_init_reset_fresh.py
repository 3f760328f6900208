"""A dataclass runner whose `reset()` builds a fresh op each time."""

from __future__ import annotations

from dataclasses import dataclass, field

from llmfern import kernels as K
from llmfern.host import tiles

import tilert as tr


@dataclass
class Runner:
    n: int
    state: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.state = tr.empty(self.n)
        self.reset()

    def reset(self) -> None:
        K.fill(tiles(self.state), 0.0).sync()


runner = Runner(64)
runner.reset()
runner.reset()
assert not runner.state.to_numpy().any()
print("ok")
