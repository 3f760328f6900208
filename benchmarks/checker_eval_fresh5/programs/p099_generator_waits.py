"""A generator that yields each batch only after its copy was waited."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmdeck.kernels import copy

import tilert as tr

N = 32


def loader(sources: list[tr.Tensor]) -> Iterator[tr.Tensor]:
    slot = tr.zeros((N,))
    for src in sources:
        p = copy(slot.partition((16,)), src).submit()
        p.wait()
        yield slot


sources = [tr.full((N,), float(i)) for i in range(4)]
seen = [float(batch.to_numpy()[0]) for batch in loader(sources)]
assert seen == [0.0, 1.0, 2.0, 3.0]
print(np.mean(seen))
