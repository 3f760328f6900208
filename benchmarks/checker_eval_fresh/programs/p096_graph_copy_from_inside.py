"""The new token is copied into the input buffer inside the capture, as if the copy would be
replayed too (host copies are refused while capturing)."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    token = tr.zeros((256,), name="token")
    h = tr.zeros((256,), name="h")
    with tr.graph() as g:
        token.copy_from(np.ones(256, dtype=np.float32))  # expect: TC111
        g.record(copy(h.partition((64,)), token))
    g.launch().wait()
    g.close()


if __name__ == "__main__":
    main()
