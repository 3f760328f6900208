"""Load a checkpoint's arrays into preallocated device parameters."""

import numpy as np
from servekit import copy

import tilert as tr


def upload(dst: tr.Tensor, src: np.ndarray) -> None:
    staging = tr.from_numpy(src.astype(np.float32))
    copy(dst, staging).sync()  # expect: TC106


checkpoint = {
    "embed": np.random.default_rng(41).standard_normal(1024),
    "norm": np.ones(256),
}
params = {name: tr.empty(arr.shape, name=name) for name, arr in checkpoint.items()}
for name, arr in checkpoint.items():
    upload(params[name], arr)  # expect-also: TC106
print({name: float(np.asarray(p.to_numpy()).sum()) for name, p in params.items()})
