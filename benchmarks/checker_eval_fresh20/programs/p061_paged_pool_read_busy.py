"""A paged KV pool: a block table maps a request's pages; the pool is dumped while a page fills."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

PAGES, PAGE = 8, 16
pool = tr.zeros((PAGES, PAGE))
block_table = {"req-7": [3, 5]}
keys = upload(np.arange(PAGE))
pendings = [
    K.scale(tiles(pool[page]), keys, float(i + 1)).submit()
    for i, page in enumerate(block_table["req-7"])
]
dump = pool.to_numpy()[block_table["req-7"]]  # expect: TC102
for pending in pendings:
    pending.wait()
print(dump.shape)
