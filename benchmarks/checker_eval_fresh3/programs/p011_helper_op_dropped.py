import numpy as np
from llmhost.kernels import add, scale

import tilert as tr

D = 64


def residual_op(out, x, r):
    return add(out.partition((16,)), x, r)  # expect: TC105


def forward(x, r, debug=False):
    h = tr.zeros((D,))
    out = tr.zeros((D,))
    if debug:
        residual_op(h, x, r)  # expect-also
    scale(out.partition((16,)), x, 0.5).sync()
    return out


x = tr.ones((D,))
r = tr.ones((D,))
y = forward(x, r, debug=True)
assert np.allclose(y.to_numpy(), 0.5)
