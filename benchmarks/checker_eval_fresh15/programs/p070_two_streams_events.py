"""Prefill on one stream, decode on another ordered by wait_event, timed by events."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
kv, logits = tr.zeros((32,)), tr.zeros((32,))
prefill, decode = tr.Stream(), tr.Stream()
start = prefill.record()
p1 = K.scale(tiles(kv), x, 0.5).submit(prefill)
ready = prefill.record()
decode.wait_event(ready)
p2 = K.relu(tiles(logits), kv).submit(decode)
end = decode.record()
p2.wait()
p1.wait()
end.synchronize()
assert start.elapsed_ms(end) >= 0.0
assert np.allclose(logits.to_numpy(), 0.5 * np.arange(32))
