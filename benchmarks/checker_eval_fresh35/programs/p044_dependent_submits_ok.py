"""Two dependent launches submitted back to back: stream order makes the second see the first."""

import numpy as np
from tilekit import add, scale

import tilert as tr


def two_stage(x_np, bias_np):
    x, bias = tr.from_numpy(x_np), tr.from_numpy(bias_np)
    h = tr.empty(x.shape, name="h")
    y = tr.empty(x.shape, name="y")
    first = add(h.partition((256,)), x, bias).submit()
    second = scale(y.partition((256,)), h, 2.0).submit()  # reads h, written by `first`
    first.wait()
    second.wait()
    return y.to_numpy()


xs = np.arange(2048, dtype=np.float32)
out = two_stage(xs, np.ones(2048, dtype=np.float32))
assert np.allclose(out, 2 * (xs + 1))
print("ok", out[:3])
