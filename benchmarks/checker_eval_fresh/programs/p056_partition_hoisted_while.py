"""The partition is hoisted out of the decode loop to save work; the second iteration launches
with a partition the first already consumed."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    state = tr.zeros((128,), name="state")
    step = tr.full((128,), 0.75)
    part = state.partition((64,))
    tokens = 0
    while tokens < 3:
        axpy(part, step, 1.0).sync()  # expect: TC109
        tokens += 1
    print(state.to_numpy()[0])


if __name__ == "__main__":
    main()
