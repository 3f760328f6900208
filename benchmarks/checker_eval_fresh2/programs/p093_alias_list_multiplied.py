"""Two ping-pong buffers made with list multiplication."""

from __future__ import annotations

from llmserve.kernels import add

import tilert as tr

N = 256


def main() -> None:
    bias = tr.full((N,), 0.5)
    bufs = [tr.zeros((N,))] * 2
    for step in range(3):
        src, dst = bufs[step % 2], bufs[(step + 1) % 2]
        add(dst.partition((64,)), src, bias).sync()  # expect: TC101
    print(bufs[1].to_numpy()[0])


if __name__ == "__main__":
    main()
