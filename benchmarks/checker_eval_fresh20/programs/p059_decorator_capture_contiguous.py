"""A @captured decorator records the function's ops in a graph; the body makes a contiguous copy."""

import functools
from collections.abc import Callable

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def captured(fn: Callable[..., list[tr.Op]]) -> Callable[..., tr.Graph]:
    @functools.wraps(fn)
    def wrapper(*args: object) -> tr.Graph:
        with tr.graph() as g:
            for op in fn(*args):
                g.record(op)
        return g

    return wrapper


@captured
def forward(x2d: tr.Tensor, out: tr.Tensor) -> list[tr.Op]:
    col = x2d.T.contiguous()  # expect: TC111
    return [K.scale(tiles(out), col.reshape(-1), 2.0)]


x = upload(np.arange(32)).reshape(4, 8)
out = tr.zeros((32,))
g = forward(x, out)  # expect-also
g.launch().wait()
g.close()
