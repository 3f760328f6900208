"""A paged KV cache: a pool of fixed-size blocks and a free list, as vLLM's block manager keeps
them. Writing a sequence's prompt into its blocks launches one copy per block; the scheduler
frees the blocks of a finished sequence once those copies are waited for."""

import numpy as np
from modelops import copy

import tilert as tr

BLOCK, DIM, NUM_BLOCKS = 16, 64, 8


class BlockPool:
    def __init__(self) -> None:
        self.pool = tr.zeros((NUM_BLOCKS, BLOCK, DIM), name="kv_pool")
        self.free = list(range(NUM_BLOCKS))
        self.tables: dict[int, list[int]] = {}

    def allocate(self, seq_id: int, tokens: int) -> list[int]:
        n = (tokens + BLOCK - 1) // BLOCK
        blocks, self.free = self.free[:n], self.free[n:]
        self.tables[seq_id] = blocks
        return blocks

    def write_prompt(self, seq_id: int, kv: tr.Tensor) -> list[tr.Pending]:
        pending = []
        for i, b in enumerate(self.tables[seq_id]):
            src = kv[i * BLOCK : (i + 1) * BLOCK]
            pending.append(copy(self.pool[b].partition((1, DIM)), src).submit())
        return pending

    def release(self, seq_id: int) -> None:
        for b in self.tables.pop(seq_id):
            self.pool[b].copy_from(np.zeros((BLOCK, DIM), dtype=np.float32))
            self.free.append(b)


pool = BlockPool()
prompt_kv = tr.from_numpy(np.ones((48, DIM), dtype=np.float32))
pool.allocate(seq_id=0, tokens=48)
writes = pool.write_prompt(0, prompt_kv)
for w in writes:
    w.wait()
print(pool.pool.to_numpy()[:3].sum())
pool.release(0)
print(len(pool.free), "free blocks")
