"""The host polls done() while doing other work, then waits (free) and reads."""

from __future__ import annotations

import time

import numpy as np
from llmserve.kernels import fill

import tilert as tr

N = 1024


def main() -> None:
    out = tr.empty((N,))
    pending = fill(out.partition((256,)), 2.0).submit()
    spins = 0
    while not pending.done():
        spins += 1
        time.sleep(0)
    pending.wait()
    np.testing.assert_allclose(out.to_numpy(), np.full(N, 2.0, np.float32))
    print(spins, out.to_numpy()[0])


if __name__ == "__main__":
    main()
