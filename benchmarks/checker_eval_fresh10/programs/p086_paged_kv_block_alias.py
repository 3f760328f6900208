"""A paged KV cache with a block table; two logical blocks of one request share a page."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

PAGE = 4
pages = tr.zeros((6, PAGE), dtype=f32, name="pages")
block_table = {0: [2, 5, 2]}  # a bug in the allocator hands page 2 out twice


def page(req: int, block: int) -> tr.Tensor:
    return pages[block_table[req][block]]


new_kv = tr.ones((PAGE,), dtype=f32)
k.add(tiles(page(0, 2)), page(0, 0), new_kv).sync()  # expect: TC101
