"""An in-place transpose of a square attention mask: the copy's output is also its input's .T."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

mask = H.upload(np.tril(np.ones((8, 8))))


def transpose_(m: tr.Tensor) -> None:
    K.copy(m.partition((1, 8)), m.T).sync()  # expect: TC101


transpose_(mask)  # expect-also
