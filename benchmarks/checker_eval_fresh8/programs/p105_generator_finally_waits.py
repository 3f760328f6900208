"""A generator streaming decode steps keeps its step's Pending and waits it in `finally`, so a
consumer that stops early leaves nothing in flight."""

from collections.abc import Iterator

import numpy as np
from llmweave.kernels import fill

import tilert as tr


def stream_tokens(bufs: list[tr.Tensor]) -> Iterator[int]:
    pending = None
    try:
        for i, b in enumerate(bufs):
            pending = fill(b.partition((16,)), float(i)).submit()
            pending.wait()
            pending = None
            yield int(b.to_numpy()[0])
    finally:
        if pending is not None:
            pending.wait()


bufs = [tr.zeros((64,)) for _ in range(5)]
tokens = []
gen = stream_tokens(bufs)
for tok in gen:
    tokens.append(tok)
    if tok == 2:
        break
gen.close()
assert tokens == [0, 1, 2]
assert np.allclose(bufs[3].to_numpy(), 0.0)
print(tokens)
