"""A kernel with two outputs called with the same tensor for both (an in-place butterfly
written as if the two outputs could alias)."""

from __future__ import annotations

from llmkit.kernels import swap_add

import tilert as tr


def main() -> None:
    a = tr.ones((256,), name="a")
    swap_add(a.partition((64,)), a.partition((64,))).sync()  # expect: TC101
    print(a.to_numpy()[0])


if __name__ == "__main__":
    main()
