from llmhost.kernels import scale

import tilert as tr


def launch_into(part: tr.Partition, x: tr.Tensor, a: float) -> None:
    scale(part, x, a).sync()  # expect: TC109


out = tr.zeros((64,))
x = tr.ones((64,))
target = out.partition((16,))
launch_into(target, x, 1.0)
launch_into(target, x, 2.0)  # expect-also
