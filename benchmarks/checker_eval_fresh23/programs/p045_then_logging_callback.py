"""A norm step chained to an in-place rescale; a debug callback logs the result in between."""

import logging

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale, scale_inplace

import tilert as tr

logging.basicConfig(level=logging.WARNING)
log = logging.getLogger("rescale")

x = tr.from_numpy(np.linspace(0.0, 1.0, 256, dtype=np.float32))
y = tr.empty((256,), name="y")


def log_then_double(part, *_):
    log.debug("after scale: %s", y.to_numpy()[:4])  # expect: TC102
    return scale_inplace(part, 2.0)


scale(tiles(y), x, 0.5).then(log_then_double).sync()  # expect-also
