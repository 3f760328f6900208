"""A training-style update loop: y += lr * g for each step."""

import numpy as np
from llmforge import axpy

import tilert as tr

STEPS = 4


def main() -> None:
    params = tr.zeros((2048,), name="params")
    grads = tr.from_numpy(np.full(2048, 0.5, dtype=np.float32))
    lr = 0.1
    tiles = params.partition((512,))
    for _ in range(STEPS):
        axpy(tiles, grads, -lr).sync()  # expect: TC109
    print("param[0] after", STEPS, "steps:", float(params.to_numpy()[0]))


main()
