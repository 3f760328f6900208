"""Each step's Pending is waited at the next step: one step of overlap, the last waited after."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

STEPS = 5


def main() -> None:
    outs = [tr.empty((256,)) for _ in range(STEPS)]
    prev: tr.Pending | None = None
    prev_out: tr.Tensor | None = None
    seen = []
    for step, out in enumerate(outs):
        p = fill(out.partition((64,)), float(step)).submit()
        if prev is not None and prev_out is not None:
            prev.wait()
            seen.append(float(prev_out.to_numpy()[0]))
        prev, prev_out = p, out
    assert prev is not None and prev_out is not None
    prev.wait()
    seen.append(float(prev_out.to_numpy()[0]))
    np.testing.assert_allclose(seen, range(STEPS))
    print(seen)


if __name__ == "__main__":
    main()
