"""A runner that captures when asked, through graph-or-nullcontext; the body allocates a scratch
buffer, which a capture refuses."""

import contextlib

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def forward(x: tr.Tensor, out: tr.Tensor, use_graph: bool) -> None:
    ctx = tr.graph() if use_graph else contextlib.nullcontext()
    with ctx as g:
        scratch = tr.zeros(x.shape)  # expect: TC111
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
forward(x, tr.zeros((32,)), use_graph=False)
forward(x, tr.zeros((32,)), use_graph=True)  # expect-also
