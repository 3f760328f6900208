"""A step dataclass matched with a class pattern; the `case` waits, then reads."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


@dataclass
class Step:
    out: tr.Tensor
    pending: tr.Pending | None


def launch(x: tr.Tensor) -> Step:
    out = tr.zeros(x.shape[0])
    return Step(out, K.scale(tiles(out), x, 2.0).submit())


step = launch(upload(np.arange(64)))
match step:
    case Step(out=out, pending=None):
        total = float(out.to_numpy().sum())
    case Step(out=out, pending=pending):
        pending.wait()
        total = float(out.to_numpy().sum())
assert total == 2 * np.arange(64).sum()
print("ok")
