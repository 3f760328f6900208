"""Speculative decoding: the accepted prefix is counted from the target's scores before the
verify op was waited."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

DRAFT = 64
draft = tr.from_numpy(np.arange(DRAFT, dtype=np.float32))
target = tr.zeros((DRAFT,), name="target_scores")
noise = tr.from_numpy(np.where(np.arange(DRAFT) < 40, 0.0, 1.0).astype(np.float32))

verify = K.add(tiles(target), draft, noise).submit()
accepted = int(np.argmin(np.asarray(target) == np.asarray(draft)))  # expect: TC102
verify.wait()
print("accepted", accepted)
