"""Plans made lazily by a generator and zipped with their buffers; a buffer is read first."""

from collections.abc import Iterable, Iterator

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def plans(bufs: Iterable[tr.Tensor]) -> Iterator[tr.Partition]:
    for b in bufs:
        yield tiles(b)


bufs = [vec(16, float(i)) for i in range(3)]
x = vec(16, 1.0)
for plan, buf in zip(plans(bufs), bufs, strict=True):
    print("old", buf.to_numpy()[0])  # expect: TC104
    scale(plan, x, 5.0).sync()
