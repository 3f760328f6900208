"""A helper that partitions the output buffers; the inputs are passed as tensors."""

from servekit import add

import tilert as tr

DIM = 96


def parts(*tensors: tr.Tensor) -> list[tr.Partition]:
    return [t.partition((32,)) for t in tensors]


q = tr.ones((DIM,), name="q")
k = tr.full((DIM,), 2.0, name="k")
out = tr.zeros((DIM,), name="qk")
(out_p,) = parts(out)
add(out_p, q, k).sync()
print(out.to_numpy()[:3])
