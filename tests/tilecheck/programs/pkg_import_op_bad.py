"""An op built by a package helper; its destination read before the sync."""

from __future__ import annotations

from tilelib.helpers import copy_op

import tilert as tr

N = 1024
T = 256


def main() -> None:
    x, y = tr.ones((N,)), tr.zeros((N,))
    op = copy_op(y, x)
    print(y.to_numpy()[0])  # expect: TC102
    op.sync()


if __name__ == "__main__":
    main()
