"""A warm-up op memoized in a dict (`if key not in ops: ops[key] = ...`): the second step gets
the op that already ran."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

scratch = tr.empty((16,), name="scratch")
ops: dict[str, tr.Op] = {}
for _step in range(2):
    if "zero" not in ops:
        ops["zero"] = K.fill(tiles(scratch), 0.0)
    ops["zero"].sync()  # expect: TC110
