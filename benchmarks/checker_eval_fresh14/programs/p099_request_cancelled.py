"""Continuous batching: each `Request` builds its prefill op in `__post_init__`; a cancelled
request is removed from the queue before the scheduler runs it."""

from dataclasses import dataclass, field

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


@dataclass
class Request:
    rid: int
    prompt: tr.Tensor
    out: tr.Tensor = field(init=False)
    prefill: tr.Op = field(init=False)

    def __post_init__(self) -> None:
        self.out = tr.zeros(self.prompt.shape, name=f"req{self.rid}")
        self.prefill = K.scale(tiles(self.out), self.prompt, 0.5)  # expect: TC105


prompts = [tr.from_numpy(np.full(16, float(i), np.float32)) for i in range(3)]
queue = [Request(i, p) for i, p in enumerate(prompts)]  # expect-also
cancelled = {1}
queue = [r for r in queue if r.rid not in cancelled]
for r in queue:
    r.prefill.sync()
print([float(r.out.to_numpy()[0]) for r in queue])
