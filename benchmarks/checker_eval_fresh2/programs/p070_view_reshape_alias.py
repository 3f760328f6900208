"""A residual add that reads the hidden state through a reshaped view of itself."""

from __future__ import annotations

from llmserve.kernels import add

import tilert as tr

TOKENS, DIM = 4, 64


def main() -> None:
    hidden = tr.ones((TOKENS, DIM), name="hidden")
    bias = tr.full((TOKENS * DIM,), 0.5)
    flat = hidden.reshape(-1)
    add(flat.partition((64,)), hidden.reshape(TOKENS * DIM), bias).sync()  # expect: TC101
    print(hidden.to_numpy()[0, :2])


if __name__ == "__main__":
    main()
