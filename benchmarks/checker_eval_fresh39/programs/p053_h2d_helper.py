"""A small helper that starts a host-to-device copy and returns its Pending; one call site
drops the Pending, trusting stream order to finish the copy."""

import numpy as np
from servekit import add, launch_copy

import tilert as tr


def upload_async(dst: tr.Tensor, host: np.ndarray) -> tr.Pending:
    return launch_copy(dst, tr.from_numpy(host)).submit()  # expect: TC108


DIM = 64
positions = tr.empty((DIM,), name="positions")
bias = tr.empty((DIM,), name="bias")
out = tr.empty((DIM,), name="out")

p = upload_async(positions, np.arange(DIM, dtype=np.float32))
upload_async(bias, np.ones(DIM, dtype=np.float32))  # expect-also: TC108
p.wait()
add(out.partition((32,)), positions, positions).sync()
print(out.to_numpy()[:3])
