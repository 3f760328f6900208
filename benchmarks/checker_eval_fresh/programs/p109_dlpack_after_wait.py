"""Hand the result to numpy through DLPack once the op that wrote it was waited."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    out = tr.zeros((256,), name="out")
    fill(out.partition((64,)), 7.0).submit().wait()
    arr = np.from_dlpack(out)
    assert arr[0] == 7.0
    print("dlpack:", arr[:2])


if __name__ == "__main__":
    main()
