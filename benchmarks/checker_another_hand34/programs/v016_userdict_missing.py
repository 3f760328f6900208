"""A graph-captured step whose scratch comes from a workspace mapping: a UserDict subclass whose
__missing__ allocates the buffer on first lookup."""

from __future__ import annotations

import collections

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Workspace(collections.UserDict):
    def __missing__(self, n: int) -> tr.Tensor:
        buf = tr.zeros(n, name=f"ws{n}")  # expect: TC111
        self.data[n] = buf
        return buf


def capture(x: tr.Tensor, ws: Workspace) -> tr.Graph:
    with tr.graph() as g:
        g.record(K.scale(tiles(ws[N]), x, 2.0))  # expect-also
    return g


if __name__ == "__main__":
    ws = Workspace()
    x = upload(np.arange(N), name="x")
    g = capture(x, ws)
    g.launch().wait()
    g.close()
    np.testing.assert_allclose(ws[N].to_numpy(), 2.0 * np.arange(N))
    print("replayed")
