"""An autotuned scale over tile sizes, applied for a few factors."""

import numpy as np
from servekit import scale

import tilert as tr


@tr.autotune(configs=[tr.Config(tile=128), tr.Config(tile=256)], key=["x"])
def tuned_scale(cfg: tr.Config, out: tr.Tensor, x: tr.Tensor, alpha: float) -> tr.Op:
    return scale(out.partition((cfg.tile,)), x, alpha)  # expect: TC105


def sweep(x: tr.Tensor, alphas: list[float]) -> list[float]:
    out = tr.empty(x.shape)
    sums = []
    for alpha in alphas:
        tuned_scale(out, x, alpha).sync()
        sums.append(float(out.to_numpy().sum()))
    tuned_scale(out, x, 1.0)  # expect-also: TC105
    return sums


print(sweep(tr.ones((1024,)), [0.5, 1.5, 2.0]))
print(np.float32(1024 * 0.5))
