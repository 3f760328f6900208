"""A dataclass runner builds its reset op in `__post_init__` and runs it there as a warm-up;
`reset()` runs the same op again."""

from __future__ import annotations

from dataclasses import dataclass, field

from llmfern import kernels as K
from llmfern.host import tiles

import tilert as tr


@dataclass
class Runner:
    n: int
    state: tr.Tensor = field(init=False)
    reset_op: tr.Op = field(init=False)

    def __post_init__(self) -> None:
        self.state = tr.empty(self.n)
        self.reset_op = K.fill(tiles(self.state), 0.0)
        self.reset_op.sync()

    def reset(self) -> None:
        self.reset_op.sync()  # expect: TC110


runner = Runner(64)
runner.reset()  # expect-also
