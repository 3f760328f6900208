"""Two ops zipped and synced; one of them is then synced again on its own to refresh its
output."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    src = tr.ones((256,))
    a, b = tr.zeros((256,)), tr.zeros((256,))
    copy_a = copy(a.partition((64,)), src)
    copy_b = copy(b.partition((64,)), src)
    tr.zip(copy_a, copy_b).sync()
    copy_a.sync()  # expect: TC110
    print(a.to_numpy()[0])


if __name__ == "__main__":
    main()
