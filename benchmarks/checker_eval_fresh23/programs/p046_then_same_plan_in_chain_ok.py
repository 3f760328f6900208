"""A norm step chained to an in-place rescale; the chain hands one plan from op to op."""

import logging

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale, scale_inplace

import tilert as tr

logging.basicConfig(level=logging.WARNING)
log = logging.getLogger("rescale")

x = tr.from_numpy(np.linspace(0.0, 1.0, 256, dtype=np.float32))
y = tr.empty((256,), name="y")
plan = tiles(y)
scale(plan, x, 0.5).then(lambda *_: scale_inplace(plan, 2.0)).sync()
log.debug("after scale: %s", y.to_numpy()[:4])
np.testing.assert_allclose(y.to_numpy(), x.to_numpy())
