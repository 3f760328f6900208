"""The host inspects the KV cache of layer 0 through a transposed view while head 1 of layer 0
is written."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

kv = tr.zeros((2, 4, 64))
row = upload(np.arange(64))
pending = K.copy(tiles(kv[0, 1]), row).submit()
by_dim = kv[0].T.to_numpy()  # expect: TC102
pending.wait()
print(by_dim.shape)
