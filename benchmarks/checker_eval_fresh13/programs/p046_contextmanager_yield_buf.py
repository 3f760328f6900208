"""A @contextmanager yields the output buffer while its launch runs; the body reads it."""

from collections.abc import Iterator
from contextlib import contextmanager

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


@contextmanager
def scaled(x: tr.Tensor, a: float) -> Iterator[tr.Tensor]:
    out = tr.zeros(x.shape[0])
    pending = K.scale(tiles(out), x, a).submit()
    try:
        yield out
    finally:
        pending.wait()


with scaled(tr.arange(128), 2.0) as y:
    print(y.to_numpy()[:4])  # expect: TC102
