"""A helper that waits only when asked to 'block'; the caller passes block=False and reads."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64


def maybe_wait(p: tr.Pending, block: bool) -> None:
    if not block:
        return
    p.wait()


y = tr.zeros((N,))
p = scale(y.partition((16,)), tr.arange(N), 4.0).submit()
maybe_wait(p, block=False)
print(y.to_numpy().max())  # expect: TC102
