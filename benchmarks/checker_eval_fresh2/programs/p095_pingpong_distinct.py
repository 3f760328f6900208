"""Two ping-pong buffers made with a comprehension, alternating by step parity."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import add

import tilert as tr

N = 256


def main() -> None:
    bias = tr.full((N,), 0.5)
    bufs = [tr.zeros((N,)) for _ in range(2)]
    for step in range(5):
        src, dst = bufs[step % 2], bufs[(step + 1) % 2]
        add(dst.partition((64,)), src, bias).sync()
    np.testing.assert_allclose(bufs[1].to_numpy(), np.full(N, 2.5, np.float32))
    print(bufs[1].to_numpy()[0])


if __name__ == "__main__":
    main()
