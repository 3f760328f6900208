"""An activation table with an alias: one relu op stored under two names in a dict display;
the values are deduplicated by identity before each is synced."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def build_table(x: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> dict[str, tr.Op]:
    relu = K.relu(tiles(a), x)
    return {"relu": relu, "rectifier": relu, "identity": K.copy(tiles(b), x)}


def run_all(table: dict[str, tr.Op]) -> int:
    for op in {id(op): op for op in table.values()}.values():  # each op once
        op.sync()
    return len(table)


if __name__ == "__main__":
    x = upload(np.linspace(-1.0, 1.0, N), name="x")
    a, b = tr.zeros(N, name="a"), tr.zeros(N, name="b")
    print(run_all(build_table(x, a, b)), float(a.to_numpy().max()))
