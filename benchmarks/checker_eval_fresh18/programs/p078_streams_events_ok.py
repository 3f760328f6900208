"""Prefill on its own stream, decode on another ordered after it with ``wait_event``, timed
with two events; both Pendings are waited, decode first."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
kv, logits = tr.empty((64,)), tr.empty((64,))
prefill_s, decode_s = tr.Stream(), tr.Stream()

start = prefill_s.record()
p_prefill = K.scale(tiles(kv), x, 2.0).submit(prefill_s)
handoff = prefill_s.record()
decode_s.wait_event(handoff)
p_decode = K.add(tiles(logits), kv, x).submit(decode_s)
end = decode_s.record()
p_decode.wait()
p_prefill.wait()
end.synchronize()
assert start.elapsed_ms(end) >= 0.0
assert np.array_equal(logits.to_numpy(), 3 * np.arange(64, dtype=np.float32))
