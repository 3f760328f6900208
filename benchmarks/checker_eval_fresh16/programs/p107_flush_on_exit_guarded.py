"""A batch writer flushes its op once: __exit__ flushes only if the body did not."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Writer:
    def __init__(self, out: tr.Tensor, x: tr.Tensor) -> None:
        self.op: tr.Op | None = scale(tiles(out), x, 2.0)

    def flush(self) -> None:
        if self.op is not None:
            self.op.sync()
            self.op = None

    def __enter__(self) -> "Writer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.flush()


out = vec(16)
with Writer(out, vec(16, 1.0)) as w:
    w.flush()
with Writer(vec(16), vec(16, 1.0)):
    pass
assert out.to_numpy()[0] == 2.0
