"""A table of (kernel, output, inputs) stages run in order; one output was listed as a tensor."""

from __future__ import annotations

from llmdeck.kernels import add, relu, scale

import tilert as tr

N = 64
x = tr.arange(N)
h, g, y = tr.zeros((N,)), tr.zeros((N,)), tr.zeros((N,))
stages = [
    (scale, h.partition((16,)), (x, 0.5)),
    (relu, g, (h,)),
    (add, y.partition((16,)), (g, x)),
]
for kernel, out, args in stages:
    kernel(out, *args).sync()  # expect: TC106
