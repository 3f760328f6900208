"""A capture where one op is synced as usual instead of recorded."""

from __future__ import annotations

from llmserve.kernels import fill, scale

import tilert as tr

N = 512


def main() -> None:
    h = tr.zeros((N,))
    with tr.graph() as g:
        g.record(fill(h.partition((128,)), 1.0))
        scale(h.partition((128,)), 2.0).sync()  # expect: TC111
    g.launch().wait()
    g.close()
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
