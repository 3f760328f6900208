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
    plan: tr.Partition | None = None

    def admit(self) -> None:
        self.plan = tiles(self.state)


def prefill(req: Request) -> None:
    copy(req.plan, req.prompt).sync()


def decode(req: Request, token: tr.Tensor) -> None:
    accum(req.plan, token).sync()  # expect: TC109


req = Request(7, tr.from_numpy(np.ones(D, dtype=np.float32)))
req.admit()
prefill(req)
decode(req, tr.from_numpy(np.full(D, 0.5, dtype=np.float32)))  # expect-also
