"""A residual block builds `norm.then(add)` as one chain and returns it from a helper; the
caller means to run it but only runs the bias op."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

N = 64


def residual_chain(out: tr.Tensor, x: tr.Tensor, res: tr.Tensor) -> tr.Op:
    return k.scale(out.partition((16,)), x, 0.5).then(lambda p, *_: k.acc(p, res))  # expect: TC105


x = tr.ones((N,))
res = tr.full((N,), 2.0)
out = tr.zeros((N,))
bias = tr.zeros((N,))
chain = residual_chain(out, x, res)  # expect-also
k.fill(bias.partition((16,)), 0.1).sync()
chain = None
print(bias.to_numpy()[0])
