"""Dequantize-then-scale chained with `.then` (the partition moves along the chain); the
calling code keeps its own name for the partition and launches a clamp on it afterwards."""

from servekit import relu, scale, scale_into

import tilert as tr

N = 128

q_weights = tr.full((N,), -3.0, name="q_weights")
deq = tr.empty((N,), name="dequantized")

deq_p = deq.partition((64,))
scale_into(deq_p, q_weights, 0.5).then(lambda p, *_: scale(p, 2.0)).sync()
relu(deq_p, q_weights).sync()  # expect: TC109
print(deq.to_numpy()[:3])
