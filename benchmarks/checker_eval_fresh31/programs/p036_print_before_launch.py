"""Write the rotary-embedded queries into a preallocated buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HEAD_DIM = 8, 2, 16


def main() -> None:
    rng = np.random.default_rng(8)
    q = tr.from_numpy(rng.standard_normal((SEQ, HEADS, HEAD_DIM)).astype(np.float32))
    positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))
    q_rot = tr.zeros((SEQ, HEADS, HEAD_DIM), name="q_rot")
    print("before rope:", float(np.abs(q_rot.to_numpy()).sum()))
    tk.rope(q_rot, q, positions).sync()
    print("after rope:", float(np.abs(q_rot.to_numpy()).sum()))


main()
