"""A paged KV pool whose block table hands both requests page 3; the host partitions the page
for the second request while the first request's copy still writes it."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

pool = tr.zeros((8, 64))
block_table = {"req-a": [0, 3], "req-b": [3]}
row = upload(np.arange(64))
pending = K.copy(tiles(pool[block_table["req-a"][1]]), row).submit()
K.fill(tiles(pool[block_table["req-b"][0]]), 1.0).sync()  # expect: TC102
pending.wait()
