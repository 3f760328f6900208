"""Plans made lazily by a generator and zipped with their buffers; each read follows its launch."""

from collections.abc import Iterable, Iterator

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def plans(bufs: Iterable[tr.Tensor]) -> Iterator[tr.Partition]:
    for b in bufs:
        yield tiles(b)


bufs = [vec(16, float(i)) for i in range(3)]
olds = [float(b.to_numpy()[0]) for b in bufs]
x = vec(16, 1.0)
for plan, buf in zip(plans(bufs), bufs, strict=True):
    scale(plan, x, 5.0).sync()
    assert buf.to_numpy()[0] == 5.0
assert olds == [0.0, 1.0, 2.0]
