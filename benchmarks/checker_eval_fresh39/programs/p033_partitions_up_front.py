"""A helper that partitions every buffer up front; the input is passed to the add as its
partition too, where the kernel reads it."""

from servekit import add

import tilert as tr

DIM = 96


def parts(*tensors: tr.Tensor) -> list[tr.Partition]:
    return [t.partition((32,)) for t in tensors]


q = tr.ones((DIM,), name="q")
k = tr.full((DIM,), 2.0, name="k")
out = tr.zeros((DIM,), name="qk")
out_p, q_p = parts(out, q)
add(out_p, q_p, k).sync()  # expect: TC106
print(out.to_numpy()[:3])
