"""numpy's asarray on a tilert tensor (the __array__ protocol) while an op writes it."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    logits = tr.zeros((512,), name="logits")
    pending = fill(logits.partition((128,)), 1.0).submit()
    top = int(np.argmax(np.asarray(logits)))  # expect: TC102
    pending.wait()
    print(top)


if __name__ == "__main__":
    main()
