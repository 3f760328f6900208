"""A residual add is in flight while the input is rescaled in place for the next layer."""

from __future__ import annotations

from llmserve.kernels import add, scale

import tilert as tr

N = 512


def main() -> None:
    x = tr.ones((N,), name="x")
    bias = tr.full((N,), 0.5)
    out = tr.empty((N,))
    pending = add(out.partition((128,)), x, bias).submit()
    scale(x.partition((128,)), 0.5).sync()  # expect: TC103
    pending.wait()
    print(out.to_numpy()[0], x.to_numpy()[0])


if __name__ == "__main__":
    main()
