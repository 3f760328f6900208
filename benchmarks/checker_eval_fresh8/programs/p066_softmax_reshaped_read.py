"""tk.softmax over attention scores laid out as (heads * q, k); the host reads one head
through a reshape of the output while the softmax is in flight."""

import tilert as tr
import tilert.kernels as tk

heads, q, k = 2, 4, 16
scores = tr.ones((heads * q, k))
probs = tr.zeros((heads * q, k), name="probs")
pending = tk.softmax(probs, scores).submit()
per_head = probs.reshape(heads, q, k)
print(per_head[0].to_numpy().sum())  # expect: TC102
pending.wait()
