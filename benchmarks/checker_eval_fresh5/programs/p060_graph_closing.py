"""A forward that takes a `run` callback: recorded into a graph (closed by contextlib.closing)
or synced eagerly; both results agree."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import numpy as np
from llmdeck.kernels import add, relu

import tilert as tr

N = 64


def forward(x: tr.Tensor, tmp: tr.Tensor, out: tr.Tensor, run: Callable[[tr.Op], object]) -> None:
    run(add(tmp.partition((16,)), x, x))
    run(relu(out.partition((16,)), tmp))


xs = np.linspace(-1, 1, N, dtype=np.float32)
x, tmp, out = tr.from_numpy(xs), tr.zeros((N,)), tr.zeros((N,))
with contextlib.closing(tr.graph()) as g:
    with g:
        forward(x, tmp, out, g.record)
    g.launch().wait()
graph_out = out.to_numpy().copy()
forward(x, tmp, out, lambda op: op.sync())
assert np.allclose(graph_out, out.to_numpy())
assert np.allclose(graph_out, np.maximum(2 * xs, 0))
