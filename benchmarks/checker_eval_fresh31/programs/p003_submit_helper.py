"""Helpers that submit work and hand back the Pending, as a serving loop would."""

import numpy as np
from llmforge import launch_add, launch_scale

import tilert as tr


def submit_residual(out: tr.Tensor, x: tr.Tensor, h: tr.Tensor) -> tr.Pending:
    return launch_add(out, x, h).submit()


def main() -> None:
    x = tr.from_numpy(np.arange(1024, dtype=np.float32))
    h = tr.full((1024,), 0.5)
    res = tr.empty((1024,))
    scaled = tr.empty((1024,))
    pending = submit_residual(res, x, h)
    launch_scale(scaled, x, 0.1).sync()
    total = res.to_numpy().sum() + scaled.to_numpy().sum()  # expect: TC102
    pending.wait()
    print(f"checksum {total:.1f}")


main()
