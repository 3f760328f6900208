"""Ping-pong with (buffer, Pending) pairs swapped by tuple assignment every step."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

N = 256
STEPS = 5


def main() -> None:
    cur_buf, nxt_buf = tr.empty((N,)), tr.empty((N,))
    cur_p = fill(cur_buf.partition((64,)), 0.0).submit()
    seen = []
    for step in range(STEPS):
        nxt_p = None
        if step + 1 < STEPS:
            nxt_p = fill(nxt_buf.partition((64,)), float(step + 1)).submit()
        cur_p.wait()
        seen.append(float(cur_buf.to_numpy()[0]))
        if nxt_p is None:
            break
        (cur_buf, cur_p), (nxt_buf, _) = (nxt_buf, nxt_p), (cur_buf, None)
    np.testing.assert_allclose(seen, range(STEPS))
    print(seen)


if __name__ == "__main__":
    main()
