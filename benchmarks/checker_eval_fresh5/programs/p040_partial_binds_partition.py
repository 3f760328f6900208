"""functools.partial binds the output partition; the update is applied twice."""

from __future__ import annotations

import functools

from llmdeck.kernels import axpy

import tilert as tr

N = 64
w = tr.ones((N,))
step = functools.partial(axpy, w.partition((16,)))
step(tr.ones((N,)), -0.1).sync()
step(tr.ones((N,)), -0.1).sync()  # expect: TC109
