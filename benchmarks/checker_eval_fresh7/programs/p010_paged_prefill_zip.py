"""Prefill writes several pages of the pool at once: disjoint views zipped into one op."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

PAGE = 32
pool = tr.zeros((8, PAGE), name="pool")
prompt = tr.from_numpy(np.arange(3 * PAGE, dtype=np.float32))
table = [5, 0, 6]

ops = [
    K.copy(pool[page].partition((16,)), prompt[i * PAGE : (i + 1) * PAGE])
    for i, page in enumerate(table)
]
tr.zip(*ops).sync()

gathered = np.concatenate([pool[p].to_numpy() for p in table])
assert np.array_equal(gathered, np.arange(3 * PAGE))
print("prefill pages", table)
