"""A launch with a result check that retries the same op when the check fails."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy

import tilert as tr

N = 256


def checked_copy(dst: tr.Tensor, src: tr.Tensor, expect: float) -> None:
    op = copy(dst.partition((64,)), src)
    op.submit().wait()
    if not np.allclose(dst.to_numpy(), expect):
        op.sync()  # expect: TC110


def main() -> None:
    dst = tr.zeros((N,))
    checked_copy(dst, tr.full((N,), 1.0), 2.0)  # expect-also
    print(dst.to_numpy()[0])


if __name__ == "__main__":
    main()
