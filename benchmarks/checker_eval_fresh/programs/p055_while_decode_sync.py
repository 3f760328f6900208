"""A greedy decode loop with a while condition on the host-read state; each step's op is synced
before the state is read."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    state = tr.zeros((128,), name="state")
    step = tr.full((128,), 0.75)
    tokens = 0
    while state.to_numpy()[0] < 3.0 and tokens < 16:
        axpy(state.partition((64,)), step, 1.0).sync()
        tokens += 1
    assert tokens == 4, tokens
    print("decoded", tokens, "tokens")


if __name__ == "__main__":
    main()
