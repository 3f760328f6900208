"""A chain that logs an intermediate value from a .then callback."""

import numpy as np
from llmforge import relu, scale

import tilert as tr

log: list[str] = []


def main() -> None:
    x = tr.from_numpy(np.linspace(-3, 3, 512, dtype=np.float32))
    h = tr.empty((512,), name="h")
    y = tr.empty((512,), name="y")

    def after_relu(*_):
        log.append("relu done")
        return scale(y.partition((128,)), h, 2.0)

    relu(h.partition((128,)), x).then(after_relu).sync()
    log.append(f"h max {h.to_numpy().max():.2f}")
    print(log, float(y.to_numpy().sum()))


main()
