"""A matvec reads a square weight; its transpose is partitioned for an init while that runs."""

from __future__ import annotations

from llmdeck.kernels import fill, matvec

import tilert as tr

D = 32
w = tr.ones((D, D))
x = tr.ones((D,))
y = tr.zeros((D,))
p = matvec(y.partition((16,)), w, x, 16).submit()
fill(w.T.partition((16, 16)), 0.0).sync()  # expect: TC103
p.wait()
