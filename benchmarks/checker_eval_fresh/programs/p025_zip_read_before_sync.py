"""Two ops zipped for later; before the zip runs, the host peeks at one of its outputs (the
ops hold their borrows from the moment they are made)."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    src = tr.ones((256,))
    a = tr.zeros((256,), name="a")
    b = tr.zeros((256,), name="b")
    both = tr.zip(copy(a.partition((64,)), src), copy(b.partition((64,)), src))
    print("a before:", a.to_numpy()[0])  # expect: TC102
    both.sync()


if __name__ == "__main__":
    main()
