"""Prefill on a side stream; the main stream `wait_event`s its event and the host reads the KV."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

prompt = tr.full((128,), 2.0, name="prompt")
kv = tr.empty((128,), name="kv")
side = tr.Stream()

with side:
    prefill = K.scale(tiles(kv, 32), prompt, 0.5).submit()
ready = side.record()
tr.current_stream().wait_event(ready)
print("kv head", kv.to_numpy()[:2])  # expect: TC102
prefill.wait()
