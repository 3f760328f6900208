"""KV block eviction: a victim block is swapped out (copied to a CPU-side buffer) and handed
straight to a new sequence, whose prefill partitions it while the swap-out still reads it."""

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
        fill(self.blocks[block].partition((32,)), value).sync()  # expect: TC103

    def drain(self) -> None:
        for p in self.inflight:
            p.wait()
        self.inflight.clear()


cache = KVCache()
slot = cache.evict()
cache.prefill(slot, 5.0)  # expect-also: TC103
cache.drain()
print("swapped", cache.swap[slot].to_numpy()[:2])
