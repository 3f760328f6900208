"""Jobs as (name, output, Pending) tuples, unpacked in the collecting loop."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import relu, silu

import tilert as tr

N = 512


def main() -> None:
    x = tr.from_numpy(np.linspace(-2, 2, N, dtype=np.float32))
    jobs = []
    for name, kernel in (("relu", relu), ("silu", silu)):
        out = tr.empty((N,), name=name)
        jobs.append((name, out, kernel(out.partition((128,)), x).submit()))
    results = {}
    for name, out, pending in jobs:
        pending.wait()
        results[name] = out.to_numpy()
    assert (results["relu"] >= 0).all()
    print({k: float(v.max()) for k, v in results.items()})


if __name__ == "__main__":
    main()
