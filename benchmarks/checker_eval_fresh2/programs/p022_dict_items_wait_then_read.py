"""Projections in a dict comprehension, waited and read one by one in the same loop."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import mul

import tilert as tr

DIM = 256


def main() -> None:
    x = tr.full((DIM,), 2.0)
    scales = {"q": 0.5, "k": 0.25, "v": 1.0}
    weights = {name: tr.full((DIM,), s) for name, s in scales.items()}
    outs = {name: tr.empty((DIM,)) for name in scales}
    pendings = {name: mul(outs[name].partition((64,)), x, weights[name]).submit() for name in outs}
    for name, p in pendings.items():
        p.wait()
        got = outs[name].to_numpy()
        np.testing.assert_allclose(got, np.full(DIM, 2.0 * scales[name], np.float32))
    print("qkv ok")


if __name__ == "__main__":
    main()
