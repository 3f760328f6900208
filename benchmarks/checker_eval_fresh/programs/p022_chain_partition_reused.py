"""A partition handed along a chain is spent once the chain is built; reusing it for a later
launch outside the chain is refused."""

from __future__ import annotations

from llmkit.kernels import axpy, scale

import tilert as tr


def main() -> None:
    y = tr.ones((256,), name="y")
    x = tr.full((256,), 2.0)
    part = y.partition((64,))
    scale(part, 0.5).then(lambda yp, *_: axpy(yp, x, 1.0)).sync()
    scale(part, 3.0).sync()  # expect: TC109
    print(y.to_numpy()[0])


if __name__ == "__main__":
    main()
