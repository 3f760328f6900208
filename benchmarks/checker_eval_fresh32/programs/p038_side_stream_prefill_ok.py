"""Prefill on a side stream while the main stream decodes; the main stream orders itself after
the prefill with an event, and both Pendings are waited before the host reads anything."""

import numpy as np
from llmcraft import add, silu

import tilert as tr

D = 256

prompt = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32), name="prompt")
decode_in = tr.ones((D,), name="decode_in")
prefill_out = tr.empty((D,), name="prefill_out")
merged = tr.empty((D,), name="merged")

side = tr.Stream()
main = tr.Stream()
prefill = silu(prefill_out.partition((64,)), prompt).submit(side)
done = side.record()
main.wait_event(done)
prefill.wait()
merge = add(merged.partition((64,)), prefill_out, decode_in).submit(main)
merge.wait()
if np.isnan(merged.to_numpy()).any():
    raise RuntimeError("nan in prefill")
print(merged.to_numpy()[:2])
