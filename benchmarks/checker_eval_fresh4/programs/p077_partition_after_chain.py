from __future__ import annotations

from llmrun.kernels import add, scale

import tilert as tr

x = tr.ones((64,))
h = tr.zeros((64,))
hp = h.partition((16,))
add(hp, x, x).then(lambda p, *_: scale(p, 3.0)).sync()
scale(hp, 0.5).sync()  # expect: TC109
