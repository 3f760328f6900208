"""A helper called through its module's name returns a new partition for every launch."""

from __future__ import annotations

import tilelib.engines as engines
from tilelib import copy

import tilert as tr


def work(buf: tr.Tensor, srcs: list[tr.Tensor]) -> None:
    copy(engines.tiles(buf), srcs[0]).sync()
    for s in srcs:
        copy(engines.tiles(buf), s).sync()


def main() -> None:
    buf = tr.zeros((1024,))
    work(buf, [tr.ones((1024,)), tr.ones((1024,))])
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main()
