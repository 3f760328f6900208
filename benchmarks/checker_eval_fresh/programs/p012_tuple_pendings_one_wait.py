"""Two independent projections submitted as a tuple; only the first is waited before both
outputs are read."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def project(x: tr.Tensor) -> tuple[tr.Tensor, tr.Tensor]:
    a = tr.zeros((256,), name="a")
    b = tr.zeros((256,), name="b")
    pa, pb = (
        axpy(a.partition((64,)), x, 2.0).submit(),
        axpy(b.partition((64,)), x, 3.0).submit(),
    )
    pa.wait()
    print("a:", a.to_numpy()[0])
    print("b:", b.to_numpy()[0])  # expect: TC102
    pb.wait()
    return a, b


if __name__ == "__main__":
    project(tr.ones((256,)))
