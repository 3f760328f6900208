"""A generator yields each layer's op; the consumer stops at the layer it was asked for."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def layer_ops(acts: list[tr.Tensor[tr.f32]], x: tr.Tensor[tr.f32]) -> Iterator[tr.Op[Any]]:
    for i, act in enumerate(acts):
        yield k.scale(tiles(act), x, float(i))  # expect: TC105


def run_until(stop: int) -> None:
    acts = [tr.zeros((4,)) for _ in range(4)]
    for i, op in enumerate(layer_ops(acts, tr.ones((4,)))):  # expect-also
        if i == stop:
            break
        op.sync()
    print(stop, [a.to_numpy()[0] for a in acts[:stop]])


run_until(2)
