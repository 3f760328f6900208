"""Bias add where the author partitions the inputs too, so the tiles line up."""

import numpy as np
from llmforge import add

import tilert as tr


def main() -> None:
    x = tr.from_numpy(np.arange(1024, dtype=np.float32))
    bias = tr.full((1024,), -1.0)
    out = tr.empty((1024,))
    tile = (256,)
    add(out.partition(tile), x.partition(tile), bias).sync()  # expect: TC106
    print("out[:4]", out.to_numpy()[:4])


main()
