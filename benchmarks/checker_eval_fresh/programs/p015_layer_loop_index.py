"""Every layer's cache refreshed by index, each copy waited before the layer is read."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    caches = [tr.zeros((256,)) for _ in range(4)]
    heads = []
    for i in range(len(caches)):
        src = tr.full((256,), float(i + 1))
        pending = copy(caches[i].partition((64,)), src).submit()
        pending.wait()
        heads.append(float(caches[i].to_numpy()[0]))
    np.testing.assert_allclose(heads, [1.0, 2.0, 3.0, 4.0])
    print("heads:", heads)


if __name__ == "__main__":
    main()
