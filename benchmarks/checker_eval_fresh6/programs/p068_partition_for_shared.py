"""An accumulation buffer's partition is kept in a variable and passed, by mistake, as the
Shared source of the next launch."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

x = tr.ones((64,))
acc_buf = tr.zeros((64,))
result = tr.zeros((64,))
acc_tiles = acc_buf.partition((16,))
k.scale(result.partition((16,)), acc_tiles, 2.0).sync()  # expect: TC106
