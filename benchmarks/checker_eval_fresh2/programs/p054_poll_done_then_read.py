"""The host polls done() while doing other work, then reads the result."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

N = 1024


def main() -> None:
    out = tr.empty((N,))
    pending = fill(out.partition((256,)), 2.0).submit()
    spins = 0
    while not pending.done():
        spins += 1
    total = float(out.to_numpy().sum())  # expect: TC102
    pending.wait()
    print(spins, total)


if __name__ == "__main__":
    main()
