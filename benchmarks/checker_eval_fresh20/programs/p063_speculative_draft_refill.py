"""Speculative decoding: the next draft is copied into the draft buffer the verifier still reads."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

K_DRAFT = 16
draft = upload(np.linspace(0, 1, K_DRAFT))
target = upload(np.linspace(0, 1.2, K_DRAFT))
ratio = tr.zeros((K_DRAFT,))
verify = K.mul(tiles(ratio), draft, target).submit()
next_draft = np.linspace(1, 2, K_DRAFT).astype(np.float32)
draft.copy_from(next_draft)  # expect: TC103
verify.wait()
