"""Two requests on two streams, each stream's work waited before its buffer is read."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    streams = [tr.Stream(), tr.Stream()]
    x = tr.ones((512,))
    outs = [tr.zeros((512,)) for _ in streams]
    pendings = [
        axpy(out.partition((128,)), x, float(i + 1)).submit(stream)
        for i, (out, stream) in enumerate(zip(outs, streams, strict=True))
    ]
    for p in pendings:
        p.wait()
    np.testing.assert_allclose([o.to_numpy()[0] for o in outs], [1.0, 2.0])
    print("streams done")


if __name__ == "__main__":
    main()
