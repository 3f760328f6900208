"""(tensor, Pending) pairs in a list; each pair's Pending is waited just before its tensor is
read, in reverse order."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
pairs: list[tuple[tr.Tensor, tr.Pending]] = []
for gain in (1.0, 2.0, 3.0):
    out = tr.zeros((N,))
    pairs.append((out, scale(out.partition((16,)), x, gain).submit()))

sums = []
for out, pending in reversed(pairs):
    pending.wait()
    sums.append(float(out.to_numpy().sum()))
base = float(np.arange(N).sum())
assert sums == [3 * base, 2 * base, base]
