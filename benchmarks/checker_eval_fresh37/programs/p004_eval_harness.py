"""Evaluate a toy "model" (scale then add a bias) over a few batches."""

import numpy as np
from hostkit import add

import tilert as tr

BATCH = 512


def evaluate(batches, bias):
    outs = [tr.empty((BATCH,)) for _ in batches]
    pending = None
    for i, batch in enumerate(batches):
        x = tr.from_numpy(batch)
        pending = add(outs[i].partition((128,)), x, bias).submit()  # expect: TC108
    pending.wait()
    return [float(o.to_numpy().mean()) for o in outs]


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    data = [rng.standard_normal(BATCH).astype(np.float32) for _ in range(3)]
    print(evaluate(data, tr.full((BATCH,), 0.1)))
