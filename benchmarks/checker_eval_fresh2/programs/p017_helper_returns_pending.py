"""Helpers that submit and hand the Pending back; the caller overlaps host work, then waits."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import add, relu

import tilert as tr

N = 1024


def launch_residual(out: tr.Tensor, h: tr.Tensor, delta: tr.Tensor) -> tr.Pending:
    return add(out.partition((256,)), h, delta).submit()


def launch_act(out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
    op = relu(out.partition((256,)), x)
    return op.submit()


def main() -> None:
    h = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
    delta = tr.full((N,), 0.25)
    summed = tr.empty((N,))
    act = tr.empty((N,))
    p_sum = launch_residual(summed, h, delta)
    p_act = launch_act(act, h)
    host_side = np.linspace(-1, 1, N, dtype=np.float32)  # overlapped host work
    p_act.wait()
    p_sum.wait()
    np.testing.assert_allclose(summed.to_numpy(), host_side + 0.25, rtol=1e-6)
    np.testing.assert_allclose(act.to_numpy(), np.maximum(host_side, 0))
    print("ok")


if __name__ == "__main__":
    main()
