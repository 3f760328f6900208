"""A prefill stream and a decode stream: the decode launch is ordered after the prefill by
wait_event and reads its output unwaited; both Pendings waited in reverse order."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

prefill, decode = tr.Stream(), tr.Stream()
prompt = tr.full((256,), 2.0)
cache = tr.zeros((256,), name="cache")
logits = tr.zeros((256,), name="logits")

p1 = K.scale(tiles(cache), prompt, 0.5).submit(prefill)
decode.wait_event(prefill.record())
p2 = K.add(tiles(logits), cache, prompt).submit(decode)
p2.wait()
p1.wait()
assert np.allclose(logits.to_numpy(), 3.0) and np.allclose(cache.to_numpy(), 1.0)
