"""Prefill on a side stream timed by two events; the host reads after the Pending's wait."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

prompt = tr.full((128,), 2.0, name="prompt")
kv = tr.empty((128,), name="kv")
side = tr.Stream()

start = side.record()
prefill = K.scale(tiles(kv, 32), prompt, 0.5).submit(side)
end = side.record()
tr.current_stream().wait_event(end)
prefill.wait()
end.synchronize()
ms = start.elapsed_ms(end)
assert np.all(kv.to_numpy() == 1.0) and ms >= 0.0
print(f"prefill {ms:.3f} ms")
