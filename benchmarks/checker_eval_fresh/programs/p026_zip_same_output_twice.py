"""Zipping two updates of one tensor: the second op cannot partition what the first op, already
made, holds (dependent ops belong in a .then chain)."""

from __future__ import annotations

from llmkit.kernels import axpy, scale

import tilert as tr


def main() -> None:
    h = tr.ones((256,), name="h")
    x = tr.ones((256,))
    first = scale(h.partition((64,)), 2.0)
    second = axpy(h.partition((64,)), x, 1.0)  # expect: TC102
    tr.zip(first, second).sync()


if __name__ == "__main__":
    main()
