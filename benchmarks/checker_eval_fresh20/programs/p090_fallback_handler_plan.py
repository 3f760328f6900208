"""A checked launch whose `except` fallback (a smaller factor) relaunches with the spent plan."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr


class Overflow(ValueError):
    pass


def checked(values: np.ndarray, limit: float) -> None:
    if values.max() > limit:
        raise Overflow(f"max {values.max()} over {limit}")


out = tr.zeros((16,))
x = upload(np.arange(16))
plan = out.partition((8,))
try:
    K.scale(plan, x, 2.0).sync()
    checked(out.to_numpy(), limit=20.0)
except Overflow:
    K.scale(plan, x, 1.0).sync()  # expect: TC109
