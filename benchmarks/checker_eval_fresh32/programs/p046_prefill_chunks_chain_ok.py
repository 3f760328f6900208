"""Chunked prefill as one `.then` chain: each chunk's op is made in the callback of the one
before, so the chunks run in order as one op."""

import numpy as np
from llmcraft import axpy, copy

import tilert as tr

CHUNK = 128
CHUNKS = 3

rng = np.random.default_rng(6)
prompt_chunks = [
    tr.from_numpy(rng.standard_normal(CHUNK).astype(np.float32)) for _ in range(CHUNKS)
]
state = tr.empty((CHUNK,), name="state")

op = copy(state.partition((64,)), prompt_chunks[0])
for chunk in prompt_chunks[1:]:
    op = op.then(lambda sp, *_, c=chunk: axpy(sp, c, 1.0))
op.sync()

expect = sum(c.to_numpy() for c in prompt_chunks)
print("prefill err", float(np.max(np.abs(state.to_numpy() - expect))))
