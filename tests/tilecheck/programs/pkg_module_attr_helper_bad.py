"""A helper called through its module's name (import tilelib.engines as engines) returns a
partition: used for one launch, then again in a loop."""

from __future__ import annotations

import tilelib.engines as engines
from tilelib import copy

import tilert as tr


def work(buf: tr.Tensor, srcs: list[tr.Tensor]) -> None:
    p = engines.tiles(buf)
    copy(p, srcs[0]).sync()
    for s in srcs:
        copy(p, s).sync()  # expect: TC109


def main() -> None:
    buf = tr.zeros((1024,))
    work(buf, [tr.ones((1024,)), tr.ones((1024,))])
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main()
