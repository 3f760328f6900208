"""Prefill on one stream, decode on another ordered after it with wait_event."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

prefill_s, decode_s = tr.Stream(), tr.Stream()
prompt = tr.full((8,), 2.0)
cache = tr.zeros((8,), name="cache")
logits = tr.zeros((8,), name="logits")

p_fill = k.copy(tiles(cache), prompt).submit(prefill_s)
ready = prefill_s.record()
decode_s.wait_event(ready)
p_fill.wait()
p_dec = k.scale(tiles(logits), cache, 0.5).submit(decode_s)
p_dec.wait()
np.testing.assert_allclose(logits.to_numpy(), np.ones(8))
print("ok")
