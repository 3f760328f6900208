"""A batch object plans its output partition when built; its __repr__ reads the buffer."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Batch:
    def __init__(self, size: int, width: int) -> None:
        self.buf = vec(size * width).reshape(size, width)
        self._plan = tiles(self.buf)

    def __repr__(self) -> str:
        return f"Batch(mean={float(self.buf.to_numpy().mean()):.2f})"  # expect: TC104

    def fill_from(self, x: tr.Tensor) -> None:
        scale(self._plan, x, 1.0).sync()


b = Batch(4, 16)
print(f"{b!r}")  # expect-also
b.fill_from(vec(64, 1.0).reshape(4, 16))
