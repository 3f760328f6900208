"""A prefetch context manager: submit on enter, wait on exit; the buffer is read after."""

from __future__ import annotations

from types import TracebackType

import numpy as np
from llmserve.kernels import copy

import tilert as tr

N = 512


class Prefetch:
    def __init__(self, dst: tr.Tensor, src: tr.Tensor) -> None:
        self.dst = dst
        self.src = src
        self.pending: tr.Pending | None = None

    def __enter__(self) -> tr.Tensor:
        self.pending = copy(self.dst.partition((128,)), self.src).submit()
        return self.dst

    def __exit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    weights = tr.full((N,), 0.125)
    staging = tr.zeros((N,))
    with Prefetch(staging, weights) as buf:
        host_work = sum(range(1000))
    got = buf.to_numpy()
    np.testing.assert_allclose(got, np.full(N, 0.125, np.float32))
    print(host_work, got[0])


if __name__ == "__main__":
    main()
