"""Both arguments partitioned out of habit: the kernel's input is Shared and takes the tensor."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr

TILE = (64,)


def main() -> None:
    src = tr.ones((256,))
    dst = tr.zeros((256,))
    copy(dst.partition(TILE), src.partition(TILE)).sync()  # expect: TC106
    print(dst.to_numpy()[0])


if __name__ == "__main__":
    main()
