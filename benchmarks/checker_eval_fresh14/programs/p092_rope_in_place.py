"""Rotary embedding applied in place, `tk.rope(q, q, positions)`, in a helper."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def apply_rope(q: tr.Tensor, positions: tr.Tensor) -> None:
    tk.rope(q, q, positions).sync()  # expect: TC101


q = tr.ones((4, 2, 8))
apply_rope(q, tr.from_numpy(np.arange(4, dtype=np.int32)))  # expect-also
