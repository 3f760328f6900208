"""Speculative branches: rank the candidates, build and run ops only for the best few."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

scores = [0.1, 0.7, 0.4, 0.9]
draft = tr.from_numpy(np.ones(128, dtype=np.float32))
outs = [tr.zeros((128,), name=f"branch{i}") for i in range(len(scores))]
ranked = sorted(zip(scores, outs, strict=True), key=lambda pair: -pair[0])
for s, o in ranked[:2]:
    scale(tiles(o), draft, s).sync()
firsts = [float(o.to_numpy()[0]) for o in outs]
np.testing.assert_allclose(firsts, [0.0, 0.7, 0.0, 0.9], rtol=1e-6)
