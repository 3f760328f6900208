from collections.abc import Callable

from llmhost.kernels import scale

import tilert as tr


def start_scale(out: tr.Tensor, x: tr.Tensor, a: float) -> Callable[[], None]:
    pending = scale(out.partition((16,)), x, a).submit()
    return lambda: pending.wait()


x = tr.ones((64,))
out = tr.zeros((64,))
finish = start_scale(out, x, 3.0)
print("peek", out.to_numpy()[0])  # expect: TC102
finish()
