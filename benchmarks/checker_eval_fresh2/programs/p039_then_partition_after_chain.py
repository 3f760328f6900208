"""A chain consumes the partition; a later cleanup step launches it once more."""

from __future__ import annotations

from llmserve.kernels import copy, scale

import tilert as tr

N = 512


def main() -> None:
    x = tr.ones((N,))
    h = tr.empty((N,))
    hp = h.partition((128,))
    copy(hp, x).then(lambda p, *_: scale(p, 4.0)).sync()
    scale(hp, 0.25).sync()  # expect: TC109
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
