import numpy as np
from llmquay import scale

import tilert as tr


def launch_scale(out: tr.Tensor, x: tr.Tensor, alpha: float) -> tr.Pending:
    """Kick off out = alpha * x on the current stream and return the handle."""
    return scale(out.partition((256,)), x, alpha).submit()


def check(out: tr.Tensor, expected: np.ndarray) -> None:
    got = out.to_numpy()  # expect: TC102
    assert np.allclose(got, expected), f"max err {np.abs(got - expected).max()}"


x_np = np.random.default_rng(0).standard_normal(4096).astype(np.float32)
x = tr.from_numpy(x_np)
y = tr.empty((4096,))
handle = launch_scale(y, x, 0.125)
check(y, 0.125 * x_np)  # expect-also: TC102
handle.wait()
print("ok")
