"""A checkpointer keeps only its last Pending; each save overwrites the previous one unwaited."""

from __future__ import annotations

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class Checkpointer:
    def __init__(self) -> None:
        self.saved: list[tr.Tensor] = []
        self.last: tr.Pending | None = None

    def save(self, params: tr.Tensor) -> None:
        out = tr.zeros(params.shape)
        self.saved.append(out)
        self.last = K.copy(tiles(out), params).submit()  # expect: TC108

    def flush(self) -> None:
        if self.last is not None:
            self.last.wait()
            self.last = None


ckpt = Checkpointer()
params = tr.arange(64)
for _ in range(3):
    ckpt.save(params)  # expect-also
ckpt.flush()
