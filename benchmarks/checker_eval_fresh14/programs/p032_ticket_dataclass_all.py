"""Prefill chunks as `Chunk` dataclasses, each waited through a method before it is read."""

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

    def result(self) -> np.ndarray:
        self.pending.wait()
        return self.out.to_numpy()


def prefill_chunk(tokens: np.ndarray, index: int) -> Chunk:
    src = tr.from_numpy(tokens.astype(np.float32))
    out = tr.zeros(src.shape, name=f"chunk{index}")
    return Chunk(index, out, K.scale(tiles(out), src, 0.125).submit())


prompt = np.arange(64)
chunks = [prefill_chunk(prompt[i : i + 16], i // 16) for i in range(0, 64, 16)]
full = np.concatenate([c.result() for c in chunks])
np.testing.assert_allclose(full, prompt / 8)
