"""Kernels imported from a package; a pipelined loop with a helper."""

from __future__ import annotations

from tilelib import add, scale

import tilert as tr
from tilert import Tensor

N = 1024
T = 256


def stage(out: Tensor, x: Tensor) -> tr.Pending:
    return add(out.partition((T,)), x, x).submit()


def main() -> None:
    x = tr.ones((N,))
    outs = [tr.zeros((N,)) for _ in range(3)]
    prev = None
    for out in outs:
        pend = stage(out, x)
        if prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
    scale(outs[0].partition((T,)), 2.0).sync()
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
