"""A `.then` callback bound with functools.partial reads a probe tensor still being written."""

import functools

from llmquill.host import tiles, vec
from llmquill.kernels import accum, scale

import tilert as tr


def log_then_accum(zp: tr.Partition, *_: object, probe: tr.Tensor, bias: tr.Tensor) -> tr.Op:
    print("probe", probe.to_numpy()[0])  # expect: TC102
    return accum(zp, bias)


x, z, probe = vec(16, 1.0), vec(16), vec(16)
probe_pending = scale(tiles(probe), x, 7.0).submit()
cb = functools.partial(log_then_accum, probe=probe, bias=x)
scale(tiles(z), x, 2.0).then(cb).sync()  # expect-also
probe_pending.wait()
