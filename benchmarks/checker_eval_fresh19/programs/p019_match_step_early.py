"""A step dataclass matched with a class pattern; the `case` reads `out` before waiting."""

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
        print(out.to_numpy().sum())
    case Step(out=out, pending=pending):
        total = float(out.to_numpy().sum())  # expect: TC102
        pending.wait()
        print(total)
