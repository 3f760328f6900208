"""Software pipeline over micro-batches: keep one launch in flight while the host prepares the
next input, then collect the previous result."""

import numpy as np
from llmquay import scale

import tilert as tr

N = 2048
TILE = 512


def run(batches: list[np.ndarray]) -> list[float]:
    inputs = [tr.from_numpy(b) for b in batches]
    outputs = [tr.empty((N,)) for _ in batches]
    sums: list[float] = []
    prev = None
    prev_out = None
    for x, out in zip(inputs, outputs, strict=True):
        pend = scale(out.partition((TILE,)), x, 2.0).submit()
        if prev is not None:
            prev.wait()
            sums.append(float(prev_out.to_numpy().sum()))
        prev, prev_out = pend, out
    if prev is not None:
        prev.wait()
        sums.append(float(prev_out.to_numpy().sum()))
    return sums


if __name__ == "__main__":
    rng = np.random.default_rng(7)
    batches = [rng.random(N, dtype=np.float32) for _ in range(5)]
    got = run(batches)
    want = [float((2 * b).sum()) for b in batches]
    assert np.allclose(got, want, rtol=1e-4), (got, want)
    print("pipeline sums:", [round(s, 2) for s in got])
