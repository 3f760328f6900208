"""A @profiled decorator for launch helpers: it times the helper with two events and
synchronizes the end event, then hands back the helper's Pending. The caller treats the
synchronized event as the wait and reads the output."""

from __future__ import annotations

import functools
from collections.abc import Callable

from llmroute import kernels as K

import tilert as tr

TIMINGS: dict[str, float] = {}


def profiled(fn: Callable[..., tr.Pending]) -> Callable[..., tr.Pending]:
    @functools.wraps(fn)
    def wrapper(*args: object) -> tr.Pending:
        stream = tr.current_stream()
        start = stream.record()
        pending = fn(*args)
        end = stream.record()
        end.synchronize()
        TIMINGS[fn.__name__] = start.elapsed_ms(end)
        return pending

    return wrapper


@profiled
def ffn(out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
    return K.silu(out.partition((16,)), x).submit()


h = tr.zeros((64,), name="h")
p = ffn(h, tr.arange(64))
print(TIMINGS, h.to_numpy()[:2])  # expect: TC102
p.wait()
