"""KV block eviction: a victim block is swapped out (copied to a CPU-side buffer); the swap-out
is waited on before the block is handed to a new sequence's prefill."""

from servekit import copy, fill

import tilert as tr

NUM_BLOCKS, BLOCK_ELEMS = 4, 64


class KVCache:
    def __init__(self) -> None:
        self.blocks = tr.ones((NUM_BLOCKS, BLOCK_ELEMS), name="gpu_blocks")
        self.swap = tr.zeros((NUM_BLOCKS, BLOCK_ELEMS), name="cpu_swap")
        self.lru = [2, 0, 3, 1]
        self.inflight: list[tr.Pending] = []

    def evict(self) -> int:
        victim = self.lru.pop(0)
        op = copy(self.swap[victim].partition((32,)), self.blocks[victim])
        self.inflight.append(op.submit())
        return victim

    def prefill(self, block: int, value: float) -> None:
        fill(self.blocks[block].partition((32,)), value).sync()

    def drain(self) -> None:
        for p in self.inflight:
            p.wait()
        self.inflight.clear()


cache = KVCache()
slot = cache.evict()
cache.drain()
cache.prefill(slot, 5.0)
print("swapped", cache.swap[slot].to_numpy()[:2], "new", cache.blocks[slot].to_numpy()[:2])
