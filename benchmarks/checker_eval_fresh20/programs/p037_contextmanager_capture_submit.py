"""A @contextmanager wraps tr.graph(); the body submits an op instead of recording it."""

import contextlib
from collections.abc import Iterator

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


@contextlib.contextmanager
def captured() -> Iterator[tr.Graph]:
    with tr.graph() as g:
        yield g
    g.launch().wait()
    g.close()


x = upload(np.arange(32))
a, b = tr.zeros((32,)), tr.zeros((32,))
with captured() as g:
    g.record(K.scale(tiles(a), x, 2.0))
    side = K.scale(tiles(b), x, 3.0).submit()  # expect: TC111
side.wait()
