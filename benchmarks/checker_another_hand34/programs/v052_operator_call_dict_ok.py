"""Per-head probes kept as functools.partial objects in a dict and run with
map(operator.call, ...) to build the report, after the head launches are waited."""

from __future__ import annotations

import functools
import operator

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload, wait_all

N = 128


def head_peak(t: tr.Tensor, scale: float) -> float:
    return scale * float(np.abs(t.to_numpy()).max())


class Probe:
    def __init__(self, heads: dict[str, tr.Tensor]) -> None:
        self.probes = {name: functools.partial(head_peak, t, 1.0) for name, t in heads.items()}

    def report(self) -> dict[str, float]:
        return dict(zip(self.probes, map(operator.call, self.probes.values()), strict=True))


if __name__ == "__main__":
    x = upload(np.linspace(-1.0, 1.0, N), name="x")
    heads = {f"h{i}": tr.zeros(N, name=f"h{i}") for i in range(2)}
    pendings = [K.scale(tiles(t), x, i + 1.0).submit() for i, t in enumerate(heads.values())]
    probe = Probe(heads)
    wait_all(pendings)
    print(probe.report())
