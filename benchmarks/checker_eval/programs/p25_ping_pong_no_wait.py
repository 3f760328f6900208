"""Ping-pong over bufs[i % 2]: the third step partitions a buffer still being written."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    x = tr.ones((256,))
    bufs = [tr.zeros((256,)), tr.zeros((256,))]
    pends = []
    for i in range(4):
        pends.append(axpy(bufs[i % 2].partition((64,)), x, 1.0).submit())  # expect: TC102
    for p in pends:
        p.wait()
    print(bufs[0].to_numpy()[0])


if __name__ == "__main__":
    main()
