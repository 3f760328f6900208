"""The layer-0 partition is made ahead; a view of its first entries is logged before the launch."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

kv = tr.zeros((2, 64))
x = tr.arange(64)
k0 = kv[0].partition((16,))
print("k0 head", kv[0, :4].to_numpy())  # expect: TC104
scale(k0, x, 1.0).sync()
