"""Overlapping the checkpoint copy with the optimizer: the SGD update partitions the weight
while the snapshot launch that reads it is still in flight."""

from llmroute import kernels as K

import tilert as tr

weight = tr.ones((64,), name="weight")
grad = tr.full((64,), 0.1, name="grad")
snapshot = tr.zeros((64,), name="snapshot")

copy_stream = tr.Stream()
save = K.copy(snapshot.partition((16,)), weight).submit(copy_stream)
K.axpy(weight.partition((16,)), grad, -1.0).sync()  # expect: TC103
save.wait()
