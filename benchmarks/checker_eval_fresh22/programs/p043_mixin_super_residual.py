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
        K.add(tiles(self.out), h, x).sync()  # expect: TC101
        return self.out


block = ResidualMixin(upload(np.full(64, 0.5)))
y = block.forward(upload(np.ones(64)))  # expect-also
print(y.to_numpy()[:2])
