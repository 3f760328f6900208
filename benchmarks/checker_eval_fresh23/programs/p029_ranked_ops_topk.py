"""Speculative branches: build one op per candidate, run only the best-scored few."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

scores = [0.1, 0.7, 0.4, 0.9]
draft = tr.from_numpy(np.ones(128, dtype=np.float32))
outs = [tr.zeros((128,), name=f"branch{i}") for i in range(len(scores))]
ranked = sorted(
    (
        (s, scale(tiles(o), draft, s))  # expect: TC105
        for s, o in zip(scores, outs, strict=True)
    ),
    key=lambda pair: -pair[0],
)
for _, op in ranked[:2]:
    op.sync()
del ranked
print([float(o.to_numpy()[0]) for o in outs])
