"""Front/back double buffering; this version swaps the names before waiting for the load."""

from __future__ import annotations

from llmserve.kernels import copy

import tilert as tr

N = 512


def main() -> None:
    inputs = [tr.full((N,), float(i + 1)) for i in range(4)]
    front = tr.zeros((N,), name="front")
    back = tr.zeros((N,), name="back")
    copy(front.partition((128,)), inputs[0]).sync()
    total = 0.0
    for i in range(1, len(inputs)):
        pending = copy(back.partition((128,)), inputs[i]).submit()
        front, back = back, front
        total += float(front.to_numpy().sum())  # expect: TC102
        pending.wait()
    print(total)


if __name__ == "__main__":
    main()
