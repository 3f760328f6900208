"""CUDA-style synchronization: the host synchronizes on an event recorded after the launch
and then reads the output, without waiting on the launch's Pending."""

import numpy as np
from llmcraft import silu

import tilert as tr

D = 512

stream = tr.Stream()
x = tr.from_numpy(np.linspace(-3, 3, D, dtype=np.float32), name="x")
y = tr.empty((D,), name="y")

pending = silu(y.partition((128,)), x).submit(stream)
done = stream.record()
done.synchronize()
print("mean activation", float(y.to_numpy().mean()))  # expect: TC102
pending.wait()
