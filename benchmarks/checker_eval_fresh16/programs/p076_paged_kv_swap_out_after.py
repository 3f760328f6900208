"""A paged KV pool: prefill writes disjoint pages in flight together; swap-out after the waits."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

PAGE, PAGES = 16, 6
pool = tr.zeros((PAGES, PAGE))
block_table: dict[str, list[int]] = {"req-a": [0, 2], "req-b": [1, 4, 5]}
prompt = vec(PAGE, 1.0)


def swap_out(rid: str) -> list[np.ndarray]:
    return [pool[p].to_numpy().copy() for p in block_table[rid]]


pendings = [
    scale(tiles(pool[page]), prompt, float(j + 1)).submit()
    for pages in block_table.values()
    for j, page in enumerate(pages)
]
for p in pendings:
    p.wait()
saved = swap_out("req-b")
assert [float(s[0]) for s in saved] == [1.0, 2.0, 3.0]
assert pool.to_numpy()[3].sum() == 0.0
