"""A helper that forwards a partition it was given to a kernel's input parameter."""

from llmreef import add, scale

import tilert as tr


def residual_scale(out_part: tr.Partition, x: tr.Tensor, res: tr.Tensor) -> None:
    tmp = tr.empty(x.shape)
    scale(tmp.partition((256,)), x, 0.5).sync()
    add(tmp.partition((256,)), out_part, res).sync()  # expect: TC106


hidden = tr.arange(1024)
residual = tr.ones((1024,))
out = tr.empty((1024,))
residual_scale(out.partition((256,)), hidden, residual)  # expect-also: TC106
print(out.to_numpy()[:4])
