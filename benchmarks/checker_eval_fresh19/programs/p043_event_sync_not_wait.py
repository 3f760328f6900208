"""The prefill runs on a side stream; the host synchronizes an event recorded after it, then
reads the KV buffer without waiting the Pending."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

prompt = upload(np.arange(128))
kv = tr.zeros(128)
side = tr.Stream()
pending = K.scale(tiles(kv), prompt, 0.25).submit(side)
done = side.record()
done.synchronize()
head = kv.to_numpy()[:8]  # expect: TC102
pending.wait()
print(head)
