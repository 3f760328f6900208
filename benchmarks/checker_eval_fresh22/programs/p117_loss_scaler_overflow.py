"""Mixed-precision training: the dynamic loss scaler checks the unscaled grads for overflow."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class LossScaler:
    def __init__(self, scale: float = 2.0**12) -> None:
        self.scale = scale

    def unscale(self, grads: list[tr.Tensor], outs: list[tr.Tensor]) -> list[tr.Pending]:
        return [
            K.scale(tiles(o), g, 1.0 / self.scale).submit()
            for g, o in zip(grads, outs, strict=True)
        ]

    def overflowed(self, outs: list[tr.Tensor]) -> bool:
        return not all(np.isfinite(o.to_numpy()).all() for o in outs)  # expect: TC102


scaler = LossScaler()
grads = [upload(np.full(64, 1e3)), upload(np.full(64, np.inf))]
outs = [tr.zeros((64,), name=f"g{i}") for i in range(2)]
pending = scaler.unscale(grads, outs)
if scaler.overflowed(outs):  # expect-also
    scaler.scale /= 2
for p in pending:
    p.wait()
print(scaler.scale)
