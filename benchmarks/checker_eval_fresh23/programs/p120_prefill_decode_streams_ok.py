"""Prefill on one stream, decode on another ordered after it by an event; host checks both."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add, scale

import tilert as tr

prefill_s, decode_s = tr.Stream(), tr.Stream()
prompt = tr.from_numpy(np.arange(256, dtype=np.float32))
kv = tr.empty((256,), name="kv")
logits = tr.empty((256,), name="logits")
bias = tr.from_numpy(np.ones(256, dtype=np.float32))

p_prefill = scale(tiles(kv), prompt, 2.0).submit(prefill_s)
ready = prefill_s.record()
decode_s.wait_event(ready)
p_decode = add(tiles(logits), kv, bias).submit(decode_s)
p_decode.wait()
p_prefill.wait()
np.testing.assert_array_equal(logits.to_numpy(), 2 * np.arange(256) + 1)
