"""A paged-attention style KV cache as a dataclass; the writer dumps the cache for debugging
before it partitions the blocks it writes."""

from dataclasses import dataclass, field

import numpy as np
from llmcraft import copy

import tilert as tr

BLOCK = 128


@dataclass
class KVBlock:
    k: tr.Tensor = field(default_factory=lambda: tr.zeros((BLOCK,), name="k_block"))
    v: tr.Tensor = field(default_factory=lambda: tr.zeros((BLOCK,), name="v_block"))
    filled: int = 0


def write_block(block: KVBlock, k_new: tr.Tensor, v_new: tr.Tensor, debug: bool) -> None:
    if debug:
        print("k before", block.k.to_numpy()[:4])
    k_part = block.k.partition((64,))
    v_part = block.v.partition((64,))
    copy(k_part, k_new).sync()
    copy(v_part, v_new).sync()
    block.filled = BLOCK


block = KVBlock()
k_new = tr.from_numpy(np.arange(BLOCK, dtype=np.float32))
v_new = tr.from_numpy(-np.arange(BLOCK, dtype=np.float32))
write_block(block, k_new, v_new, debug=True)
print("filled", block.filled, block.k.to_numpy()[-1])
