"""Activation buffers kept in a dict by name, as a model's scratch space often is."""

import numpy as np
from llmforge import gelu, silu_mul

import tilert as tr

HIDDEN = 768


def make_scratch() -> dict[str, tr.Tensor]:
    return {
        "gate": tr.empty((HIDDEN,), name="gate"),
        "up": tr.empty((HIDDEN,), name="up"),
        "act": tr.empty((HIDDEN,), name="act"),
    }


def main() -> None:
    buf = make_scratch()
    x = tr.from_numpy(np.linspace(-1, 1, HIDDEN, dtype=np.float32))
    buf["gate"].copy_from(x)
    buf["up"].copy_from(np.full(HIDDEN, 2.0, dtype=np.float32))
    silu_mul(buf["act"].partition((256,)), buf["gate"], buf["up"]).sync()
    gelu(buf["act"].partition((256,)), buf["act"]).sync()  # expect: TC101
    print("act[:4] =", buf["act"].to_numpy()[:4])


main()
