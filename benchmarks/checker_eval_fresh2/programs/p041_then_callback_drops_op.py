"""A chain callback also prepares a side op for a statistics buffer, but returns only one."""

from __future__ import annotations

from llmserve.kernels import copy, fill, scale

import tilert as tr

N = 512


def main() -> None:
    x = tr.full((N,), 2.0)
    h = tr.empty((N,))
    stats = tr.zeros((64,))

    def step(part: tr.Partition, *_: object) -> tr.Op:
        fill(stats.partition((64,)), 1.0)  # expect: TC105
        return scale(part, 0.5)

    copy(h.partition((128,)), x).then(step).sync()
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
