"""A generator yields (buffer, pending) pairs; the consumer waits each before logging it."""

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
    pend.wait()
    log.append(float(buf.to_numpy()[0]))
assert log == [0.0, 1.0, 2.0]
