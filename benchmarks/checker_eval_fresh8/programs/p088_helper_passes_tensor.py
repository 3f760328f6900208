"""A helper that writes a layer's output passes the tensor itself where the kernel's output
partition goes."""

from llmweave.kernels import relu

import tilert as tr


def activate(out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
    return relu(out, x).submit()  # expect: TC106


x = tr.ones((64,))
out = tr.zeros((64,))
activate(out, x).wait()  # expect-also
