from collections.abc import Callable

from llmhost.kernels import scale

import tilert as tr


def start_scale(out: tr.Tensor, x: tr.Tensor, a: float) -> Callable[[], tr.Tensor]:
    pending = scale(out.partition((16,)), x, a).submit()

    def finish() -> tr.Tensor:
        pending.wait()
        return out

    return finish


x = tr.ones((64,))
finishers = [start_scale(tr.zeros((64,)), x, float(i)) for i in range(3)]
results = [f() for f in finishers]
assert [float(r.to_numpy()[0]) for r in results] == [0.0, 1.0, 2.0]
print("finishers ok")
