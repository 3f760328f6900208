"""One op per layer prepared in a list comprehension; the warm-up only runs the first."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    layers = [tr.ones((256,)) for _ in range(3)]
    ops = [scale(t.partition((64,)), 0.5) for t in layers]  # expect: TC105
    ops[0].sync()
    print("warm-up done")


if __name__ == "__main__":
    main()
