"""A parameter store whose __setitem__ copies new values in; a reload runs while the forward op
still reads the weight."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Params:
    def __init__(self, **tensors: tr.Tensor) -> None:
        self._t = tensors

    def __getitem__(self, key: str) -> tr.Tensor:
        return self._t[key]

    def __setitem__(self, key: str, value: np.ndarray) -> None:
        self._t[key].copy_from(value)  # expect: TC103


params = Params(w=tr.full((128,), 0.5), b=tr.zeros((128,)))
out = tr.zeros((128,))
fwd = K.mul(tiles(out), params["w"], tr.ones((128,))).submit()
params["w"] = np.full(128, 0.25, np.float32)  # expect-also
fwd.wait()
