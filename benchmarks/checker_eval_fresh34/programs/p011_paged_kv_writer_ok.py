"""A paged KV cache: sequences get fixed-size blocks from a pool (infercore.KVBlockPool); each
decode step stages the new key in a buffer of the sequence, then writes it into the current
block's next row."""

import numpy as np
from infercore import KVBlockPool, copy

import tilert as tr

BLOCK, HEAD_DIM = 4, 16


class Sequence:
    def __init__(self, pool: KVBlockPool) -> None:
        self.pool = pool
        self.blocks: list[int] = []
        self.length = 0
        self.key_buf = tr.zeros((HEAD_DIM,), name="key_buf")

    def append_key(self, key: tr.Tensor) -> None:
        if self.length % BLOCK == 0:
            self.blocks.append(self.pool.allocate())
        copy(self.key_buf.partition((HEAD_DIM,)), key).sync()
        row = self.pool.block(self.blocks[-1])[self.length % BLOCK]
        copy(row.partition((HEAD_DIM,)), self.key_buf).sync()
        self.length += 1

    def free(self) -> None:
        for b in self.blocks:
            self.pool.release(b)
        self.blocks.clear()


pool = KVBlockPool(num_blocks=8, block_size=BLOCK, head_dim=HEAD_DIM)
seq = Sequence(pool)
rng = np.random.default_rng(11)
for _ in range(6):
    key = tr.from_numpy(rng.standard_normal(HEAD_DIM).astype(np.float32))
    seq.append_key(key)
print("blocks", seq.blocks, "pool row sums", pool.storage.to_numpy().sum(axis=2)[seq.blocks])
seq.free()
