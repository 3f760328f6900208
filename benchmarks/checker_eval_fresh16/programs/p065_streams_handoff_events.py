"""Prefill on one stream, decode on another ordered after it by an event; both waited."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import add, scale

import tilert as tr

prefill_s, decode_s = tr.Stream(), tr.Stream()
prompt = vec(32, 1.0)
hidden, logits = vec(32), vec(32)
p1 = scale(tiles(hidden), prompt, 2.0).submit(prefill_s)
ready = prefill_s.record()
decode_s.wait_event(ready)
p2 = add(tiles(logits), hidden, prompt).submit(decode_s)
start, end = decode_s.record(), decode_s.record()
p2.wait()
p1.wait()
assert start.elapsed_ms(end) >= 0.0
assert np.all(logits.to_numpy() == 3.0)
