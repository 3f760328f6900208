"""A paged KV pool: one page is written by an op in flight while the host fills another page of
the same pool from a block table."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

pool = tr.zeros((8, 64))
block_table = {"req-a": [0, 3], "req-b": [5]}
row = upload(np.arange(64))
pending = K.copy(tiles(pool[block_table["req-a"][1]]), row).submit()
pool[block_table["req-b"][0]].copy_from(np.ones(64, dtype=np.float32))
pending.wait()
got = pool.to_numpy()
assert got[3].sum() == np.arange(64).sum() and got[5].sum() == 64.0
print("ok")
