"""Looks suspicious: the prompt half `seq[32:]` is read on the host while the op writing the
first half `seq[:32]` is still in flight; the slices do not overlap."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


def refresh_head(seq: tr.Tensor, src: tr.Tensor, split: int) -> tr.Pending:
    return k.copy(seq[:split].partition((16,)), src).submit()


seq = tr.from_numpy(np.arange(64, dtype=np.float32))
p = refresh_head(seq, tr.zeros((32,)), 32)
tail_sum = float(seq[32:].to_numpy().sum())
p.wait()
assert tail_sum == float(np.arange(32, 64).sum())
assert float(seq.to_numpy()[:32].sum()) == 0.0
print(tail_sum)
