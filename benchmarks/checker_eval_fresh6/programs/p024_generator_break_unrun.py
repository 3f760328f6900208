"""A generator yields one op per layer; the consumer stops after the first two layers and the
op the generator made for the third is never run."""

from __future__ import annotations

from collections.abc import Iterator

from llmforge import kernels as k

import tilert as tr

LAYERS = 4


def layer_ops(acts: list[tr.Tensor], x: tr.Tensor) -> Iterator[tr.Op]:
    for i, a in enumerate(acts):
        yield k.scale(a.partition((16,)), x, float(i + 1))  # expect: TC105


acts = [tr.zeros((64,)) for _ in range(LAYERS)]
x = tr.ones((64,))
for i, op in enumerate(layer_ops(acts, x)):
    if i == 2:
        break
    op.sync()
print([float(a.to_numpy()[0]) for a in acts[:2]])
del op
