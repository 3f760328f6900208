"""A partition is taken through the package helper ahead of the launch, and a sanity check
reads the tensor while the partition is still alive."""

from __future__ import annotations

from llmkit.kernels import scale
from llmkit.layers import tiles

import tilert as tr


def main() -> None:
    h = tr.ones((256,), name="h")
    part = tiles(h)
    assert h.to_numpy().min() > 0  # expect: TC104
    scale(part, 2.0).sync()


if __name__ == "__main__":
    main()
