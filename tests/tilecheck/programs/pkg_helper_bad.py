"""Kernels imported from a package; a helper's Pending not waited before a read."""

from __future__ import annotations

from tilelib import add, scale

import tilert as tr

N = 1024
T = 256


def stage(out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
    return add(out.partition((T,)), x, x).submit()


def main() -> None:
    x = tr.ones((N,))
    out = tr.zeros((N,))
    pend = stage(out, x)
    scale(out.partition((T,)), 2.0).sync()  # expect: TC102
    pend.wait()


if __name__ == "__main__":
    main()
