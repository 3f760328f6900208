"""A producer on one stream and a consumer on another that reads the producer's output
before it was waited; both Pendings are waited afterwards."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, fill

import tilert as tr

N = 1024


def main() -> None:
    s_prod, s_cons = tr.Stream(), tr.Stream()
    h = tr.empty((N,), name="h")
    out = tr.empty((N,), name="out")
    produced = fill(h.partition((256,)), 7.0).submit(s_prod)
    consumed = copy(out.partition((256,)), h).submit(s_cons)
    consumed.wait()
    produced.wait()
    np.testing.assert_allclose(out.to_numpy(), np.full(N, 7.0, np.float32))
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
