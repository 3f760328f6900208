"""All Pendings waited with map(tr.Pending.wait, ...) before the outputs are read."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    outs = [tr.empty((N,)) for _ in range(5)]
    pendings = [fill(o.partition((64,)), float(i) * 0.5).submit() for i, o in enumerate(outs)]
    list(map(tr.Pending.wait, pendings))
    vals = np.array([o.to_numpy()[0] for o in outs])
    np.testing.assert_allclose(vals, np.arange(5) * 0.5)
    print(vals)


if __name__ == "__main__":
    main()
