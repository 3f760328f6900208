"""Prefill on one stream, decode on another ordered after it by an event, both waited."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

prefill_s, decode_s = tr.Stream(), tr.Stream()
prompt = upload(np.arange(32))
kv, logits = tr.zeros((32,)), tr.zeros((32,))
p_prefill = K.scale(tiles(kv), prompt, 2.0).submit(prefill_s)
ready = prefill_s.record()
decode_s.wait_event(ready)
p_decode = K.add(tiles(logits), kv, prompt).submit(decode_s)
start, end = decode_s.record(), decode_s.record()
p_decode.wait()
p_prefill.wait()
end.synchronize()
assert start.elapsed_ms(end) >= 0.0
np.testing.assert_allclose(logits.to_numpy(), np.arange(32) * 3.0)
