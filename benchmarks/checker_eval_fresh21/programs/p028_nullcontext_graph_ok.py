"""A runner that captures when asked, through graph-or-nullcontext; the scratch buffer is made
before the block."""

import contextlib

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def forward(x: tr.Tensor, out: tr.Tensor, use_graph: bool) -> None:
    scratch = tr.zeros(x.shape)
    ctx = tr.graph() if use_graph else contextlib.nullcontext()
    with ctx as g:
        ops = [K.scale(H.tiles(scratch), x, 2.0), K.add(H.tiles(out), x, x)]
        for op in ops:
            if g is None:
                op.sync()
            else:
                g.record(op)
    if g is not None:
        g.launch().wait()
        g.close()


x = H.upload(np.arange(32))
a, b = tr.zeros((32,)), tr.zeros((32,))
forward(x, a, use_graph=False)
forward(x, b, use_graph=True)
assert np.array_equal(a.to_numpy(), b.to_numpy())
