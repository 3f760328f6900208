"""A paged KV pool: prefill writes a request's pages, and swap-out copies one page to host early."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

PAGE, PAGES = 16, 6
pool = tr.zeros((PAGES, PAGE))
block_table: dict[str, list[int]] = {"req-a": [0, 2], "req-b": [1, 4, 5]}
prompt = vec(PAGE, 1.0)


def swap_out(rid: str) -> list[np.ndarray]:
    return [pool[p].to_numpy().copy() for p in block_table[rid]]  # expect: TC102


pendings = []
for pages in block_table.values():
    for j, page in enumerate(pages):
        pendings.append(scale(tiles(pool[page]), prompt, float(j + 1)).submit())
saved = swap_out("req-b")  # expect-also
for p in pendings:
    p.wait()
print(len(saved))
