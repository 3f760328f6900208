"""The same decode generator; the consumer reads the buffer it was just given, whose wait runs
only when the generator resumes."""

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
for tok in decode(x, 3):
    print(float(tok.to_numpy()[0]))  # expect: TC102
