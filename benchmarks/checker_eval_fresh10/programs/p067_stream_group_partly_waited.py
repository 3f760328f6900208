"""A group of launches on one stream, all but the last waited by a sliced loop."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


def run_group() -> list[tr.Tensor]:
    x = tr.arange(8, dtype=f32)
    outs = [tr.zeros((8,), dtype=f32) for _ in range(3)]
    with tr.Stream():
        ps = [k.relu(tiles(o), x).submit() for o in outs]  # expect: TC108
    for p in ps[:-1]:
        p.wait()
    return outs[:-1]


print(len(run_group()))  # expect-also
