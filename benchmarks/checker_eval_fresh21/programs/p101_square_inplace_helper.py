"""A square(out, x) helper called in place, square(h, h): one tensor written and read at once."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def square(out: tr.Tensor, x: tr.Tensor) -> None:
    K.mul(H.tiles(out), x, x).sync()  # expect: TC101


h = H.upload(np.arange(32) / 8)
square(h, h)  # expect-also
