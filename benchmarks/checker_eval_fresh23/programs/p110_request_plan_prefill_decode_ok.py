from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import accum, copy

import tilert as tr

D = 256


@dataclass
class Request:
    rid: int
    prompt: tr.Tensor
    state: tr.Tensor = field(default_factory=lambda: tr.zeros((D,)))

    @property
    def plan(self) -> tr.Partition:
        return tiles(self.state)


def prefill(req: Request) -> None:
    copy(req.plan, req.prompt).sync()


def decode(req: Request, token: tr.Tensor) -> None:
    accum(req.plan, token).sync()


req = Request(7, tr.from_numpy(np.ones(D, dtype=np.float32)))
prefill(req)
decode(req, tr.from_numpy(np.full(D, 0.5, dtype=np.float32)))
assert float(req.state.to_numpy()[3]) == 1.5
