"""Running totals over head outputs with itertools.accumulate; the last head is not waited."""

from __future__ import annotations

import itertools

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(32))
heads = [tr.zeros(32) for _ in range(3)]
pend = [K.scale(tiles(h), x, float(i)).submit() for i, h in enumerate(heads)]
for p in pend[:2]:
    p.wait()


def fold(acc: float, t: tr.Tensor) -> float:
    return acc + float(t.to_numpy().sum())  # expect: TC102


running = list(itertools.accumulate(heads, fold, initial=0.0))  # expect-also
pend[2].wait()
print(running)
