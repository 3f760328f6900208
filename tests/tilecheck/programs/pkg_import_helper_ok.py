"""Helpers imported from the package; every op waited before the reads."""

from __future__ import annotations

from tilelib.helpers import copy_op, launch_scale

import tilert as tr

N = 1024
T = 256


def main() -> None:
    x, z = tr.ones((N,)), tr.ones((N,))
    pending = launch_scale(z, 2.0)
    print(x.to_numpy()[0])
    pending.wait()
    copy_op(z, x).sync()
    print(z.to_numpy()[0])


if __name__ == "__main__":
    main()
