import numpy as np
from hostkit import relu

import tilert as tr


def run_pipeline(chunks):
    outs = [tr.empty(c.shape) for c in chunks]
    prev = None
    prev_out = None
    totals = []
    for chunk, out in zip(chunks, outs, strict=True):
        pend = relu(out.partition((128,)), chunk).submit()
        if prev is not None:
            prev.wait()
            totals.append(float(prev_out.to_numpy().sum()))
        totals.append(float(out.to_numpy().sum()))  # expect: TC102
        prev, prev_out = pend, out
    prev.wait()
    return totals


chunks = [tr.from_numpy(np.linspace(-1, 1, 512, dtype=np.float32) * k) for k in range(1, 5)]
print(run_pipeline(chunks))  # expect-also: TC102
