"""Speculative decoding: while the verify op runs, the host copies out the draft tokens (which
the op only reads); the target's scores are compared after the wait."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

DRAFT = 64
draft = tr.from_numpy(np.arange(DRAFT, dtype=np.float32))
target = tr.zeros((DRAFT,), name="target_scores")
noise = tr.from_numpy(np.where(np.arange(DRAFT) < 40, 0.0, 1.0).astype(np.float32))

verify = K.add(tiles(target), draft, noise).submit()
proposed = np.asarray(draft).copy()
verify.wait()
accepted = int(np.argmin(np.asarray(target) == proposed))
assert accepted == 40
