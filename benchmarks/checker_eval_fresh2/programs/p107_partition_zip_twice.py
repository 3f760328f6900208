"""Two scalings of one buffer zipped together, sharing the same partition object."""

from __future__ import annotations

from llmserve.kernels import scale

import tilert as tr

N = 256


def main() -> None:
    h = tr.ones((N,))
    hp = h.partition((64,))
    both = tr.zip(scale(hp, 2.0), scale(hp, 3.0))  # expect: TC109
    both.sync()
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
