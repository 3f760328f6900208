"""A small helper that starts a host-to-device copy and returns its Pending; every call site
keeps its Pending and waits on it before the data is used."""

import numpy as np
from servekit import add, launch_copy

import tilert as tr


def upload_async(dst: tr.Tensor, host: np.ndarray) -> tr.Pending:
    return launch_copy(dst, tr.from_numpy(host)).submit()


DIM = 64
positions = tr.empty((DIM,), name="positions")
bias = tr.empty((DIM,), name="bias")
out = tr.empty((DIM,), name="out")

uploads = [
    upload_async(positions, np.arange(DIM, dtype=np.float32)),
    upload_async(bias, np.ones(DIM, dtype=np.float32)),
]
for p in uploads:
    p.wait()
add(out.partition((32,)), positions, bias).sync()
print(out.to_numpy()[:3])
