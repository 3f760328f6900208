"""Paged attention gather: reading a request's contiguous run of pages with computed bounds,
while the newest page's write is still in flight."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

PAGE = 16
pool = tr.zeros((6, PAGE), name="pool")
pages = [1, 2, 3]
writes = []
for i, page in enumerate(pages):
    writes.append(K.fill(pool[page].partition((16,)), float(i + 1)).submit())
for w in writes[:-1]:
    w.wait()

lo, hi = pages[0], pages[-1] + 1
window = pool[lo:hi]
print(np.asarray(window.to_numpy()).sum())  # expect: TC102
writes[-1].wait()
