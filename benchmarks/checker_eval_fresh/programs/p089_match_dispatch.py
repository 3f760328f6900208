"""A layer list of (kind, buffer) pairs dispatched with match; every branch runs its op."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import fill, scale, silu

import tilert as tr


def run_layer(kind: str, buf: tr.Tensor, x: tr.Tensor) -> None:
    match kind:
        case "act":
            silu(buf.partition((64,)), x).sync()
        case "scale":
            scale(buf.partition((64,)), 2.0).sync()
        case _:
            fill(buf.partition((64,)), 0.0).sync()


def main() -> None:
    x = tr.zeros((256,))
    layers = [("act", tr.ones((256,))), ("scale", tr.ones((256,))), ("zero", tr.ones((256,)))]
    for kind, buf in layers:
        run_layer(kind, buf, x)
    np.testing.assert_allclose([b.to_numpy()[0] for _, b in layers], [0.0, 2.0, 0.0])
    print("layers dispatched")


if __name__ == "__main__":
    main()
