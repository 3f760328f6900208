"""A calibration pass: a generator yields each statistic's tiles; the host peeks meanwhile."""

from collections.abc import Iterator

from llmforge import kernels as k

import tilert as tr
from tilert import f32

stats = {name: tr.zeros((8,), dtype=f32, name=name) for name in ("amax", "sq")}


def plans() -> Iterator[tuple[str, tr.Partition]]:
    for name, buf in stats.items():
        yield name, buf.partition((4,))


acts = tr.arange(8, dtype=f32)
for name, part in plans():
    before = float(stats[name].to_numpy().max())  # expect: TC104
    k.sqr(part, acts).sync()
