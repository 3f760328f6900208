"""A residual helper called with the same tensor for both arguments."""

from __future__ import annotations

from llmserve.kernels import accumulate

import tilert as tr

N = 256


def residual_add(h: tr.Tensor, delta: tr.Tensor) -> tr.Op:
    return accumulate(h.partition((64,)), delta)  # expect: TC101


def main() -> None:
    h = tr.ones((N,))
    d = tr.full((N,), 0.5)
    residual_add(h, d).sync()
    residual_add(h, h).sync()  # expect-also
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
