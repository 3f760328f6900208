"""Capture single-token decode attention over a KV cache for replay."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

Q_HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 64, 16


def main() -> None:
    rng = np.random.default_rng(13)
    q = tr.from_numpy(rng.standard_normal((Q_HEADS, D)).astype(np.float32))
    k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
    v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
    out = tr.empty((Q_HEADS, D))
    with tr.graph() as g:
        g.record(tk.decode_attention(out, q, k_cache, v_cache, 32))  # expect: TC111
    for _ in range(3):
        g.launch().wait()
    g.close()
    print("out norm:", float(np.linalg.norm(out.to_numpy())))


main()
