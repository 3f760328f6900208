"""Capturing a step that loads the prompt into the input buffer first."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import axpy

import tilert as tr

N = 256


def main() -> None:
    x = tr.zeros((N,))
    h = tr.zeros((N,))
    prompt = np.full(N, 2.0, np.float32)
    with tr.graph() as g:
        x.copy_from(prompt)  # expect: TC111
        g.record(axpy(h.partition((64,)), x, 1.0))
    g.launch().wait()
    g.close()
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
