"""Two independent two-step chains (scale then shift, per head) zipped into one op."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, scale

import tilert as tr


def head_chain(h: tr.Tensor, bias: tr.Tensor, factor: float) -> tr.Op:
    return scale(h.partition((64,)), factor).then(lambda hp, *_: axpy(hp, bias, 1.0))


def main() -> None:
    bias = tr.ones((256,))
    heads = [tr.ones((256,), name=f"h{i}") for i in range(2)]
    tr.zip(head_chain(heads[0], bias, 2.0), head_chain(heads[1], bias, 3.0)).sync()
    np.testing.assert_allclose([h.to_numpy()[0] for h in heads], [3.0, 4.0])
    print("heads:", [h.to_numpy()[0] for h in heads])


if __name__ == "__main__":
    main()
