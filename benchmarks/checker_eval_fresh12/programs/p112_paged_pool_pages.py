"""A paged KV pool: a block table maps each request to its own page; the requests' writes are in
flight together, then waited and checked."""

from llmserve import kernels as K

import tilert as tr

PAGES, PAGE = 6, 64
pool = tr.zeros((PAGES, PAGE), name="kv_pool")
free = list(range(PAGES))
block_table = {rid: free.pop() for rid in ("r0", "r1", "r2")}
tokens = {rid: tr.full((PAGE,), float(i + 1)) for i, rid in enumerate(block_table)}

pending = {
    rid: K.copy(pool[page].partition((PAGE,)), tokens[rid]).submit()
    for rid, page in block_table.items()
}
for p in pending.values():
    p.wait()

pages = pool.to_numpy()
assert all(pages[page][0] == float(i + 1) for i, page in enumerate(block_table.values()))
assert not pages[free].any()
