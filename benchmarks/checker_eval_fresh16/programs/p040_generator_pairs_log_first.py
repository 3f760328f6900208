"""A generator yields (buffer, pending) pairs; the consumer logs each buffer before its wait."""

from collections.abc import Iterator

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def launches(x: tr.Tensor, n: int) -> Iterator[tuple[tr.Tensor, object]]:
    for i in range(n):
        buf = vec(x.shape[0])
        yield buf, scale(tiles(buf), x, float(i)).submit()


log = []
for buf, pend in launches(vec(16, 1.0), 3):
    log.append(buf.to_numpy()[0])  # expect: TC102
    pend.wait()
print(log)
