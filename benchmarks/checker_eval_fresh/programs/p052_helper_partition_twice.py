"""One partition from the helper reused for two launches in a row."""

from __future__ import annotations

from llmkit.kernels import axpy, scale
from llmkit.layers import tiles

import tilert as tr


def main() -> None:
    h = tr.ones((256,), name="h")
    x = tr.ones((256,))
    part = tiles(h)
    scale(part, 2.0).sync()
    axpy(part, x, 1.0).sync()  # expect: TC109
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
