"""sync() returns the op's arguments; the returned (spent) partition is passed to a second
launch as if it were still live."""

from __future__ import annotations

from llmkit.kernels import axpy, scale

import tilert as tr


def main() -> None:
    h = tr.ones((256,), name="h")
    x = tr.ones((256,))
    outputs = scale(h.partition((64,)), 2.0).sync()
    hp = outputs[0]
    axpy(hp, x, 1.0).sync()  # expect: TC109
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
