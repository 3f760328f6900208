"""Training-time dropout on the attention output: the kept fraction is measured before the
dropout's Pending is waited."""

import tilert as tr
import tilert.kernels as tk

attn = tr.ones((64,))
dropped = tr.zeros((64,), name="dropped")
pend = tk.dropout(dropped, attn, 0.25, 11).submit()
kept = float((dropped.to_numpy() != 0).mean())  # expect: TC102
pend.wait()
print(kept)
