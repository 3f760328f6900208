"""Two independent projections submitted as a tuple and waited together."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def project(x: tr.Tensor) -> tuple[tr.Tensor, tr.Tensor]:
    a = tr.zeros((256,), name="a")
    b = tr.zeros((256,), name="b")
    pending = (
        axpy(a.partition((64,)), x, 2.0).submit(),
        axpy(b.partition((64,)), x, 3.0).submit(),
    )
    for p in pending:
        p.wait()
    return a, b


if __name__ == "__main__":
    a, b = project(tr.ones((256,)))
    assert a.to_numpy()[0] == 2.0 and b.to_numpy()[0] == 3.0
    print("projections:", a.to_numpy()[0], b.to_numpy()[0])
