"""A paged KV cache: a pool of pages and a block table per request; one token per request."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

PAGES, PAGE = 6, 8
pool = tr.zeros((PAGES, PAGE), name="pool")
free = list(range(PAGES))
block_table: dict[str, list[int]] = {r: [free.pop(0), free.pop(0)] for r in ("r0", "r1")}
tokens = {"r0": tr.full((PAGE,), 1.0), "r1": tr.full((PAGE,), 2.0)}

pending: list[tr.Pending[Any]] = []
for req, pages in block_table.items():
    last = pages[-1]
    pending.append(k.copy(tiles(pool[last]), tokens[req]).submit())
for p in pending:
    p.wait()
dump = pool.to_numpy()
assert dump[block_table["r0"][-1], 0] == 1.0 and dump[block_table["r1"][-1], 0] == 2.0
free.extend(block_table.pop("r0"))
print(sorted(free))
