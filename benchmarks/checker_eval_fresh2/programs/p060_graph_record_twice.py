"""A capture that records the same decay op twice to apply it twice per replay."""

from __future__ import annotations

from llmserve.kernels import scale

import tilert as tr

N = 512


def main() -> None:
    h = tr.ones((N,))
    decay = scale(h.partition((128,)), 0.9)
    with tr.graph() as g:
        g.record(decay)
        g.record(decay)  # expect: TC110
    g.launch().wait()
    g.close()
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
