"""Q and K partitions made together and unpacked from a tuple, each consumed by one launch."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    q, k = tr.empty((256,), name="q"), tr.empty((256,), name="k")
    qp, kp = q.partition((64,)), k.partition((128,))
    tr.zip(fill(qp, 1.0), fill(kp, 2.0)).sync()
    np.testing.assert_allclose(q.to_numpy() + k.to_numpy(), 3.0)
    print("q + k:", (q.to_numpy() + k.to_numpy())[0])


if __name__ == "__main__":
    main()
