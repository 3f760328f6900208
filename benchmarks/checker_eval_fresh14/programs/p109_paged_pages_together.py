"""A paged KV pool with a block table: two requests' pages written by launches in flight
together (disjoint pages), read after both waits."""

from llmtide import kernels as K

import tilert as tr

pool = tr.zeros((6, 16), name="kv pool")
block_table = {"req-a": [4, 1], "req-b": [0]}
src = {"req-a": tr.full((16,), 2.0), "req-b": tr.full((16,), 5.0)}
pending = []
for req, pages in block_table.items():
    for page in pages:
        pending.append(K.copy(pool[page].partition((16,)), src[req]).submit())
untouched = pool[2].to_numpy()
for p in pending:
    p.wait()
rows = pool.to_numpy()
assert untouched.sum() == 0.0
assert rows[4, 0] == rows[1, 0] == 2.0 and rows[0, 0] == 5.0 and rows[3].sum() == 0.0
