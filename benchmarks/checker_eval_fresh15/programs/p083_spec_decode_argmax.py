"""Speculative decoding: draft and target scores, tk.argmax on both, accepted prefix on the host."""

import numpy as np
from llmlathe import kernels as K

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(8)
draft_np = rng.standard_normal((4, 64)).astype(np.float32)
noise = np.zeros_like(draft_np)
noise[2] = 10 * rng.standard_normal(64)
draft = tr.from_numpy(draft_np)
target = tr.zeros((4, 64))
K.add(target.partition((1, 64)), draft, tr.from_numpy(noise)).sync()
d_tok = tr.zeros((4,), dtype=tr.i32)
t_tok = tr.zeros((4,), dtype=tr.i32)
p = tk.argmax(d_tok, draft).submit()
q = tk.argmax(t_tok, target).submit()
draft_view = draft.to_numpy()
p.wait()
q.wait()
same = d_tok.to_numpy() == t_tok.to_numpy()
accepted = int(np.argmin(same)) if not same.all() else len(same)
assert np.array_equal(d_tok.to_numpy(), draft_view.argmax(axis=1))
changed = int(np.argmax(draft_np[2] + noise[2])) != int(np.argmax(draft_np[2]))
assert accepted == (2 if changed else 4)
