"""Capturing flash-decoding for replay, with the library's default workspace."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

Q_HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 32, 16


def main() -> None:
    q = tr.ones((Q_HEADS, D))
    k_cache = tr.ones((KV_HEADS, MAX_SEQ, D))
    v_cache = tr.full((KV_HEADS, MAX_SEQ, D), 2.0)
    out = tr.empty((Q_HEADS, D))
    tk.decode_attention(out, q, k_cache, v_cache, 8).sync()
    with tr.graph() as g:
        g.record(tk.decode_attention(out, q, k_cache, v_cache, 8))  # expect: TC111
    g.launch().wait()
    g.close()
    print(np.round(out.to_numpy()[0, :4], 3))


if __name__ == "__main__":
    main()
