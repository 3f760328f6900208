"""A generator launches per-layer work lazily and yields (layer, output, Pending)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmserve.kernels import fill

import tilert as tr

LAYERS = 4


def launches(outs: list[tr.Tensor]) -> Iterator[tuple[int, tr.Tensor, tr.Pending]]:
    for layer, out in enumerate(outs):
        yield layer, out, fill(out.partition((64,)), float(layer)).submit()


def main() -> None:
    outs = [tr.empty((256,)) for _ in range(LAYERS)]
    vals = []
    for _layer, out, pending in launches(outs):
        pending.wait()
        vals.append(float(out.to_numpy()[0]))
    np.testing.assert_allclose(vals, range(LAYERS))
    print(vals)


if __name__ == "__main__":
    main()
