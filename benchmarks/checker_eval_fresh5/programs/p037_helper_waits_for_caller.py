"""A helper takes the caller's Pending and finishes it; the caller reads after it returns."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64


def finish(p: tr.Pending, label: str) -> str:
    p.wait()
    return f"{label} done"


y = tr.zeros((N,))
p = scale(y.partition((16,)), tr.arange(N), 4.0).submit()
msg = finish(p, "scale")
assert np.allclose(y.to_numpy(), 4 * np.arange(N)), msg
