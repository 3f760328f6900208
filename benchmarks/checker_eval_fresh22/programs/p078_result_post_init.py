"""Sampling results as dataclasses whose __post_init__ derives the chosen token."""

from dataclasses import dataclass, field

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


@dataclass
class Sample:
    request_id: int
    logits: tr.Tensor
    pending: tr.Pending
    token: int = field(init=False)

    def __post_init__(self) -> None:
        self.token = int(np.argmax(self.logits.to_numpy()))  # expect: TC102


def sample(request_id: int, hidden: tr.Tensor, temperature: float) -> Sample:
    logits = tr.zeros(hidden.shape, name=f"logits{request_id}")
    pending = K.scale(tiles(logits), hidden, 1.0 / temperature).submit()
    return Sample(request_id, logits, pending)  # expect-also


s = sample(7, upload(np.linspace(-1, 1, 50)), 0.8)
s.pending.wait()
print(s.token)
