"""Speculative decoding: the verifier's launch reads `kv[0]`; on rejection the rollback
restores layer 0 from a host snapshot with `copy_from` before the verify launch is waited."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

kv = tr.zeros((2, 64), name="kv")
snapshot = np.zeros(64, np.float32)
scores = tr.zeros((64,))
target = tr.full((64,), 0.5)

verify = k.mul(scores.partition((16,)), kv[0], target).submit()
rejected = True
if rejected:
    kv[0].copy_from(snapshot)  # expect: TC103
verify.wait()
