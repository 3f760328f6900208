"""A decode generator that submits each step and waits it in `finally` when closed early; the
consumer reads each yielded buffer only after `next()` has moved past its wait."""

from collections.abc import Iterator

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def decode(x: tr.Tensor, steps: int) -> Iterator[tr.Tensor]:
    for i in range(steps):
        out = tr.zeros(x.shape, name=f"tok{i}")
        pend = K.scale(tiles(out), x, float(i + 1)).submit()
        try:
            yield out
        finally:
            pend.wait()


x = tr.ones((16,))
gen = decode(x, 5)
first = next(gen)
second = next(gen)
gen.close()
assert float(first.to_numpy()[0]) == 1.0
assert float(second.to_numpy()[0]) == 2.0
