"""RoPE applied in place: `tk.rope(q, q, positions)`, the output also the input."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 4, 2, 8
q = tr.from_numpy(np.ones((SEQ, HEADS, HD), np.float32))
positions = tr.arange(SEQ, dtype=tr.i32)


def apply_rope(t: tr.Tensor) -> None:
    tk.rope(t, t, positions).sync()  # expect: TC101


apply_rope(q)  # expect-also
