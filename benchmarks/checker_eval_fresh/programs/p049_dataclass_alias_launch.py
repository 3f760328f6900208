"""An in-place residual written as out = out + hidden with the output passed as its own input:
the same tensor is both the Mutable output and a Shared input of one launch."""

from __future__ import annotations

from dataclasses import dataclass

from llmkit.kernels import add

import tilert as tr


@dataclass
class Layer:
    hidden: tr.Tensor
    out: tr.Tensor


def main() -> None:
    layer = Layer(hidden=tr.ones((256,)), out=tr.ones((256,)))
    add(layer.out.partition((64,)), layer.out, layer.hidden).sync()  # expect: TC101
    print(layer.out.to_numpy()[0])


if __name__ == "__main__":
    main()
