"""A transformer sub-block built from cooperative mixins: projection, then residual via super()."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Projection:
    def __init__(self, w: tr.Tensor) -> None:
        self.w = w
        self.out = tr.zeros(w.shape, name="proj_out")

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        K.mul(tiles(self.out), x, self.w).sync()
        return self.out


class ResidualMixin(Projection):
    def forward(self, x: tr.Tensor) -> tr.Tensor:
        h = super().forward(x)
        K.accum(tiles(h), x).sync()  # h += x, in place
        return h


block = ResidualMixin(upload(np.full(64, 0.5)))
y = block.forward(upload(np.ones(64)))
assert (y.to_numpy() == 1.5).all()
