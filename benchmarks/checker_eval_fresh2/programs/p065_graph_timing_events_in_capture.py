"""Trying to time the captured kernels with events recorded inside the capture."""

from __future__ import annotations

from llmserve.kernels import axpy

import tilert as tr

N = 1024


def main() -> None:
    stream = tr.Stream()
    x = tr.ones((N,))
    y = tr.zeros((N,))
    with tr.graph(stream) as g:
        start = stream.record()  # expect: TC111
        g.record(axpy(y.partition((256,)), x, 1.0))
        end = stream.record()
    g.launch().wait()
    g.close()
    print(start.elapsed_ms(end))


if __name__ == "__main__":
    main()
