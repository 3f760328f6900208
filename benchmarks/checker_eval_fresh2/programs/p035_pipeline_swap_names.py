"""Front/back double buffering by swapping names; the Pending is carried across iterations."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, scale

import tilert as tr

N = 512


def main() -> None:
    inputs = [tr.full((N,), float(i + 1)) for i in range(4)]
    front = tr.zeros((N,), name="front")
    back = tr.zeros((N,), name="back")
    pending = copy(front.partition((128,)), inputs[0]).submit()
    seen = []
    for i in range(len(inputs)):
        pending.wait()
        if i + 1 < len(inputs):
            pending = copy(back.partition((128,)), inputs[i + 1]).submit()
        scale(front.partition((128,)), 10.0).sync()
        seen.append(float(front.to_numpy()[0]))
        front, back = back, front
    np.testing.assert_allclose(seen, [10.0, 20.0, 30.0, 40.0])
    print(seen)


if __name__ == "__main__":
    main()
