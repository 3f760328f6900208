"""A transposed view passed where the kernel's output plan goes."""

import numpy as np
from llmlathe import kernels as K

import tilert as tr


def write_transposed(out: tr.Tensor, x: tr.Tensor) -> None:
    K.copy(out.T, x.T).sync()  # expect: TC106


a = tr.from_numpy(np.arange(64, dtype=np.float32).reshape(8, 8))
b = tr.zeros((8, 8))
write_transposed(b, a)  # expect-also
