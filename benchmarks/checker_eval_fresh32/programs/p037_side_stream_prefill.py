"""Prefill on a side stream while the main stream decodes; the prefill output is inspected
before its Pending is waited."""

import numpy as np
from llmcraft import scale, silu

import tilert as tr

D = 256

prompt = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32), name="prompt")
decode_in = tr.ones((D,), name="decode_in")
prefill_out = tr.empty((D,), name="prefill_out")
decode_out = tr.empty((D,), name="decode_out")

side = tr.Stream()
prefill = silu(prefill_out.partition((64,)), prompt).submit(side)
scale(decode_out.partition((64,)), decode_in, 2.0).sync()
if np.isnan(prefill_out.to_numpy()).any():  # expect: TC102
    raise RuntimeError("nan in prefill")
prefill.wait()
print(decode_out.to_numpy()[:2])
