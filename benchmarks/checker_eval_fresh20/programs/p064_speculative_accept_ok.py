"""Speculative decoding: the host reads the draft while the verifier only reads it, then accepts."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

K_DRAFT = 16
draft_np = np.linspace(0.1, 1, K_DRAFT).astype(np.float32)
draft = upload(draft_np)
target = upload(draft_np * np.where(np.arange(K_DRAFT) < 10, 1.0, 0.5))
ratio = tr.zeros((K_DRAFT,))
verify = K.mul(tiles(ratio), target, upload(1 / draft_np)).submit()
proposed = draft.to_numpy().copy()
verify.wait()
accepted = int(np.argmin(ratio.to_numpy() > 0.99))
assert accepted == 10
draft.copy_from(proposed[::-1].copy())
