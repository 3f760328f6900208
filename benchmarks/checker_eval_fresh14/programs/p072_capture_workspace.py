"""A decode-step context manager whose `__enter__` opens a capture and makes the flash-decoding
workspace inside it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class DecodeCapture:
    def __init__(self, heads: int, kv_heads: int, max_seq: int, d: int) -> None:
        self.q = tr.ones((heads, d))
        self.k = tr.ones((kv_heads, max_seq, d))
        self.v = tr.ones((kv_heads, max_seq, d))
        self.out = tr.zeros((heads, d))
        self.pos = tr.from_numpy(np.array([5], np.int32))

    def __enter__(self) -> tr.Graph:
        self.graph = tr.graph()
        self.graph.__enter__()
        ws = tk.decode_workspace_at(self.q, self.k)  # expect: TC111
        self.graph.record(
            tk.decode_attention_at(self.out, self.q, self.k, self.v, self.pos, workspace=ws)
        )
        return self.graph

    def __exit__(self, *exc: object) -> None:
        self.graph.__exit__(*exc)


with DecodeCapture(4, 2, 32, 16) as g:  # expect-also
    pass
g.launch().wait()
g.close()
