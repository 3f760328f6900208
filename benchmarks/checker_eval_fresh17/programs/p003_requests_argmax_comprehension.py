"""Per-request logits in dataclasses; the sampler's comprehension runs before the waits."""

from dataclasses import dataclass, field

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


@dataclass
class Request:
    rid: int
    prompt: tr.Tensor
    logits: tr.Tensor = field(init=False)
    pending: tr.Pending | None = None

    def __post_init__(self) -> None:
        self.logits = tr.empty(self.prompt.shape, name=f"logits{self.rid}")


rng = np.random.default_rng(3)
reqs = [Request(i, tr.from_numpy(rng.standard_normal(32).astype(np.float32))) for i in range(4)]
for r in reqs:
    r.pending = K.scale(tiles(r.logits), r.prompt, 2.0).submit()

tokens = [int(r.logits.to_numpy().argmax()) for r in reqs]  # expect: TC102
for r in reqs:
    assert r.pending is not None
    r.pending.wait()
print(tokens)
