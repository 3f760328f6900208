"""Pipeline: while batch i is processed, batch i+1 is already being normalized."""

import numpy as np
from llmquay import rms_rows, scale

import tilert as tr

ROWS, D = 4, 256


def pipeline(batches: list[np.ndarray]) -> list[float]:
    inputs = [tr.from_numpy(b) for b in batches]
    normed = [tr.empty((ROWS, D)) for _ in batches]
    outs = [tr.empty((ROWS, D)) for _ in batches]
    norms = [rms_rows(normed[0].partition((1, D)), inputs[0], 1e-6).submit()]
    totals = []
    for i in range(len(batches)):
        if i + 1 < len(batches):
            norms.append(rms_rows(normed[i + 1].partition((1, D)), inputs[i + 1], 1e-6).submit())
        norms[i].wait()
        scale(outs[i].partition((1, D)), normed[i], 2.0).sync()
        totals.append(float((outs[i].to_numpy() ** 2).mean()))
    return totals


rng = np.random.default_rng(1)
data = [rng.standard_normal((ROWS, D)).astype(np.float32) for _ in range(3)]
totals = pipeline(data)
assert np.allclose(totals, 4.0, rtol=1e-3), totals
print(totals)
