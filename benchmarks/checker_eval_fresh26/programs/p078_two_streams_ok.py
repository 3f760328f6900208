"""Overlap two independent branches on two streams and join them with an event."""

import numpy as np
from llmfjord import add, gelu_tanh, relu

import tilert as tr

N = 1 << 14
x = tr.from_numpy(np.random.default_rng(12).standard_normal(N).astype(np.float32))
a = tr.empty((N,), name="branch_a")
b = tr.empty((N,), name="branch_b")
joined = tr.empty((N,), name="joined")

main_stream = tr.current_stream()
side = tr.Stream()

pa = relu(a.partition((4096,)), x).submit(main_stream)
pb = gelu_tanh(b.partition((4096,)), x).submit(side)
side_done = side.record()
main_stream.wait_event(side_done)
pa.wait()
pb.wait()
add(joined.partition((4096,)), a, b).sync()
print(float(joined.to_numpy().sum()))
