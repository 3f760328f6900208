"""Prefill chunks submitted by a helper that returns a `Chunk` dataclass; the last chunk's
output is read before its Pending."""

from dataclasses import dataclass

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


@dataclass
class Chunk:
    index: int
    out: tr.Tensor
    pending: tr.Pending


def prefill_chunk(tokens: np.ndarray, index: int) -> Chunk:
    src = tr.from_numpy(tokens.astype(np.float32))
    out = tr.zeros(src.shape, name=f"chunk{index}")
    return Chunk(index, out, K.scale(tiles(out), src, 0.125).submit())


prompt = np.arange(64)
chunks = [prefill_chunk(prompt[i : i + 16], i // 16) for i in range(0, 64, 16)]
for c in chunks[:-1]:
    c.pending.wait()
tail = chunks[-1].out.to_numpy()  # expect: TC102
chunks[-1].pending.wait()
print(tail)
