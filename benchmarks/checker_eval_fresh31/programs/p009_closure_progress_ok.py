"""A progress callback captured in a closure reads the output buffer."""

import numpy as np
from llmforge import axpy

import tilert as tr


def make_reporter(buf: tr.Tensor):
    def report(step: int) -> None:
        print(f"step {step}: y[0] = {buf.to_numpy()[0]:.3f}")

    return report


def main() -> None:
    y = tr.zeros((1024,))
    g = tr.from_numpy(np.full(1024, 0.01, dtype=np.float32))
    report = make_reporter(y)
    for step in range(3):
        pending = axpy(y.partition((256,)), g, -1.0).submit()
        pending.wait()
        report(step)


main()
