"""A paged KV cache: a block table maps each sequence to its own page; the pages are written
by ops in flight together and read after all waits."""

import numpy as np
from llmkit import kernels as K

import tilert as tr

PAGES, PAGE = 6, 64
pool = tr.zeros((PAGES, PAGE), name="pool")
block_table = {"seq-a": [0, 3], "seq-b": [1, 4], "seq-c": [5]}
token = tr.arange(PAGE)
writes = []
for pages in block_table.values():
    for j, page in enumerate(pages):
        writes.append(K.scale(pool[page].partition((PAGE,)), token, float(j + 1)).submit())
for w in writes:
    w.wait()
host = pool.to_numpy()
np.testing.assert_array_equal(host[2], np.zeros(PAGE, np.float32))
np.testing.assert_array_equal(host[4], 2 * np.arange(PAGE, dtype=np.float32))
