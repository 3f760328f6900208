"""The partition is taken before a branch, but only one branch launches with it; on the other
path the partition is still alive when the buffer is read."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def normalize(h: tr.Tensor, enabled: bool) -> float:
    part = h.partition((64,))
    if enabled:
        scale(part, 0.5).sync()
    return float(h.to_numpy()[0])  # expect: TC104


def main() -> None:
    h = tr.full((256,), 2.0)
    print(normalize(h, enabled=True))
    print(normalize(h, enabled=False))


if __name__ == "__main__":
    main()
