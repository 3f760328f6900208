"""A captured MLP over reshaped and reinterpreted views: views allocate nothing, so they may be
made inside the capture."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x = upload(np.linspace(-1, 1, 512))
gate = upload(np.full(512, 0.5))
h = tr.empty((512,), name="h")
out = tr.zeros((512,), name="mlp_out")
with tr.graph() as g:
    h2d = h.reshape(4, 128)  # a view
    g.record(K.relu(tiles(h2d), x.reshape(4, 128)))
    g.record(K.mul(tiles(out.view(tr.f32)), h, gate))
for _ in range(3):
    g.launch().wait()
g.close()
expect = np.maximum(np.linspace(-1, 1, 512), 0) * 0.5
np.testing.assert_allclose(out.to_numpy(), expect, rtol=1e-6)
