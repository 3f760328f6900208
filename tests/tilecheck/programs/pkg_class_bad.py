"""Kernels imported from a package; a class method reads a buffer in flight."""

from __future__ import annotations

from tilelib import copy

import tilert as tr

N = 1024
T = 256


class Runner:
    def __init__(self) -> None:
        self.src = tr.ones((N,))
        self.dst = tr.zeros((N,))

    def go(self) -> float:
        pending = copy(self.dst.partition((T,)), self.src).submit()
        value = float(self.dst.to_numpy()[0])  # expect: TC102
        pending.wait()
        return value


def main() -> None:
    print(Runner().go())


if __name__ == "__main__":
    main()
