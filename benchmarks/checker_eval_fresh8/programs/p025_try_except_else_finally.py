"""A launch guarded by try/except/else/finally: the Pending is waited in `else`, and on the
error path the op is never submitted."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr

log: list[str] = []


def guarded_step(out: tr.Tensor, x: tr.Tensor, k: float) -> bool:
    try:
        if k < 0:
            raise ValueError("negative scale")
        pending = scale(out.partition((16,)), x, k).submit()
    except ValueError as err:
        log.append(str(err))
        return False
    else:
        pending.wait()
        return True
    finally:
        log.append(f"k={k}")


out = tr.zeros((64,))
x = tr.ones((64,))
assert guarded_step(out, x, 2.0)
assert not guarded_step(out, x, -1.0)
assert np.allclose(out.to_numpy(), 2.0)
print(log)
