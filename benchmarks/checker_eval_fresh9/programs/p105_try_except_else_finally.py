"""A launch wrapped in try/except/else/finally: the Pending is waited in `finally`."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def guarded(out: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32], gain: float) -> bool:
    pending: tr.Pending[Any] | None = None
    try:
        pending = k.scale(tiles(out), x, gain).submit()
        if gain < 0:
            raise ValueError("negative gain")
    except ValueError:
        return False
    else:
        return True
    finally:
        if pending is not None:
            pending.wait()


out = tr.zeros((4,))
assert guarded(out, tr.ones((4,)), 2.0)
assert not guarded(out, tr.ones((4,)), -1.0)
np.testing.assert_allclose(out.to_numpy(), -np.ones(4))
print("ok")
