"""Paged KV cache: the block table hands out block views; the writer logs the block's old
contents, then partitions it and launches the copy."""

from servekit import copy

import tilert as tr

BLOCK, HEAD_DIM, NUM_BLOCKS = 16, 8, 8


class BlockAllocator:
    def __init__(self) -> None:
        self.pool = tr.zeros((NUM_BLOCKS, BLOCK * HEAD_DIM), name="kv_pool")
        self.free = list(range(NUM_BLOCKS))
        self.table: dict[int, list[int]] = {}

    def allocate(self, seq_id: int) -> tr.Tensor:
        block = self.free.pop()
        self.table.setdefault(seq_id, []).append(block)
        return self.pool[block]


alloc = BlockAllocator()
new_kv = tr.ones((BLOCK * HEAD_DIM,))
block = alloc.allocate(seq_id=7)
print("before write:", block.to_numpy()[:4])
part = block.partition((HEAD_DIM,))
copy(part, new_kv).sync()
print("after write:", block.to_numpy()[:4])
