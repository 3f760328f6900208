"""Per-layer caches indexed by a variable: the layer being refreshed is read through the same
index before its copy completes."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def refresh(caches: list[tr.Tensor], layer: int, src: tr.Tensor) -> float:
    pending = copy(caches[layer].partition((64,)), src).submit()
    head = float(caches[layer].to_numpy()[0])  # expect: TC102
    pending.wait()
    return head


def main() -> None:
    caches = [tr.zeros((256,)) for _ in range(4)]
    print(refresh(caches, 2, tr.ones((256,))))


if __name__ == "__main__":
    main()
