"""A helper imported from the package submits; the caller reads too early."""

from __future__ import annotations

from tilelib.helpers import launch_scale

import tilert as tr

N = 1024
T = 256


def main() -> None:
    z = tr.ones((N,))
    pending = launch_scale(z, 2.0)
    print(z.to_numpy()[0])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
