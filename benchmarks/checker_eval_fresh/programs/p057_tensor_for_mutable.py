"""The output tensor is passed to the kernel without partitioning it."""

from __future__ import annotations

from llmkit.kernels import silu

import tilert as tr


def main() -> None:
    x = tr.ones((256,))
    out = tr.zeros((256,))
    silu(out, x).sync()  # expect: TC106
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
