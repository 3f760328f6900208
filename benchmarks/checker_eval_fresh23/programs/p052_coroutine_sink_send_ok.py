"""A generator-based sink collecting per-step losses: prime it, then send (buffer, pending)."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr


def loss_sink(history):
    while True:
        buf, pending = yield
        pending.wait()
        history.append(float(buf.to_numpy().mean()))


history = []
sink = loss_sink(history)
next(sink)
raw = tr.from_numpy(np.full(256, 4.0, dtype=np.float32))
for step in range(3):
    loss = tr.empty((256,))
    sink.send((loss, scale(tiles(loss), raw, 1.0 / (step + 1)).submit()))
sink.close()
np.testing.assert_allclose(history, [4.0, 2.0, 4.0 / 3.0], rtol=1e-6)
