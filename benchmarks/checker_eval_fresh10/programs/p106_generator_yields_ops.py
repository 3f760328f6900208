"""A generator yielding one op per layer; the consumer unpacks them and runs all but the last."""

from collections.abc import Iterator

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
outs = [tr.zeros((8,), dtype=f32) for _ in range(3)]


def layer_ops() -> Iterator[tr.Op]:
    for i, out in enumerate(outs):
        yield k.scale(tiles(out), x, float(i + 1))  # expect: TC105


def run_prefix() -> None:
    first, *rest = layer_ops()  # expect-also
    first.sync()
    for op in rest[:-1]:
        op.sync()


run_prefix()
