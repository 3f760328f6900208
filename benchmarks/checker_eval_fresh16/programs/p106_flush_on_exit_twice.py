"""A batch writer flushes its op in the body, and its __exit__ flushes the same op again."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Writer:
    def __init__(self, out: tr.Tensor, x: tr.Tensor) -> None:
        self.op = scale(tiles(out), x, 2.0)

    def flush(self) -> None:
        self.op.sync()  # expect: TC110

    def __enter__(self) -> "Writer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.flush()  # expect-also


out = vec(16)
with Writer(out, vec(16, 1.0)) as w:
    w.flush()
print(out.to_numpy()[0])
