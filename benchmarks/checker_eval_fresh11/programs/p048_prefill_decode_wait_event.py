"""Prefill on one stream, decode on another ordered after it with wait_event; both waited."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

prompt = tr.arange(256)
kv = tr.zeros((256,), name="kv")
logits = tr.zeros((256,), name="logits")
prefill_stream, decode_stream = tr.Stream(), tr.Stream()
prefill = K.scale(tiles(kv), prompt, 0.5).submit(prefill_stream)
ready = prefill_stream.record()
decode_stream.wait_event(ready)
decode = K.shift(tiles(logits), kv, 1.0).submit(decode_stream)
decode.wait()
prefill.wait()
np.testing.assert_allclose(logits.to_numpy(), 0.5 * np.arange(256) + 1.0)
