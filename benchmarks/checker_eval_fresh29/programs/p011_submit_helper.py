"""A helper that starts a launch and hands the Pending back to the caller."""

from llmreef import add, launch_scale

import tilert as tr


def start_residual(out: tr.Tensor, x: tr.Tensor, res: tr.Tensor) -> tr.Pending:
    return add(out.partition((128,)), x, res).submit()


x = tr.ones((512,))
res = tr.full((512,), 3.0)
out = tr.empty((512,))
scaled = tr.empty((512,))

pending = start_residual(out, x, res)
launch_scale(scaled, out, 0.5).sync()
print(out.to_numpy()[:2], scaled.to_numpy()[:2])  # expect: TC102
pending.wait()
