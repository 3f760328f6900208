"""A side stream's copy ordered before the main stream with wait_event, timed with events; the
host waits both Pendings (the later first) before it reads."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

side = tr.Stream()
main = tr.current_stream()
x = H.upload(np.arange(32))
staged, out = tr.zeros((32,)), tr.zeros((32,))
start = side.record()
copy_p = K.copy(H.tiles(staged), x).submit(side)
ready = side.record()
main.wait_event(ready)
scale_p = K.scale(H.tiles(out), staged, 2.0).submit()
scale_p.wait()
copy_p.wait()
ready.synchronize()
print(f"copy took {start.elapsed_ms(ready):.3f} ms")
assert np.allclose(out.to_numpy(), 2 * np.arange(32))
assert np.allclose(staged.to_numpy(), np.arange(32))
