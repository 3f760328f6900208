"""Pipelined decode with a while loop: step t's write is submitted into its own buffer, then
step t-1's Pending is waited; the last one is waited after the loop."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import fill

import tilert as tr


def main(steps: int = 6) -> None:
    outs = [tr.zeros((256,), name=f"tok{t}") for t in range(steps)]
    prev: tr.Pending | None = None
    t = 0
    while t < steps:
        pend = fill(outs[t].partition((64,)), float(t)).submit()
        if prev is not None:
            prev.wait()
        prev = pend
        t += 1
    if prev is not None:
        prev.wait()
    np.testing.assert_allclose([o.to_numpy()[0] for o in outs], list(range(steps)))
    print("decoded", steps, "steps")


if __name__ == "__main__":
    main()
