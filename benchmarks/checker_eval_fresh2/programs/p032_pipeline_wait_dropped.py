"""Software pipelining after a refactor that waits for the load only on even steps."""

from __future__ import annotations

from llmserve.kernels import accumulate, copy

import tilert as tr

BLOCK, STEPS = 256, 6


def main() -> None:
    blocks = [tr.full((BLOCK,), float(i)) for i in range(STEPS)]
    bufs = [tr.zeros((BLOCK,)) for _ in range(2)]
    acc = tr.zeros((BLOCK,))
    loads = [copy(bufs[0].partition((64,)), blocks[0]).submit()]
    for i in range(STEPS):
        if i % 2 == 0:
            loads[i].wait()
        if i + 1 < STEPS:
            part = bufs[(i + 1) % 2].partition((64,))  # expect: TC102
            loads.append(copy(part, blocks[i + 1]).submit())
        accumulate(acc.partition((64,)), bufs[i % 2]).sync()
    for p in loads[1::2]:
        p.wait()
    print(acc.to_numpy()[0])


if __name__ == "__main__":
    main()
