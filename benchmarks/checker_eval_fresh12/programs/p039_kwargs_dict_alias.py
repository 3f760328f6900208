"""Launch arguments built as a keyword dict; the accumulator is also passed as the input."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

acc = tr.full((128,), 1.0, name="acc")
update = acc  # meant to be a separate update buffer
kwargs = {"z": tiles(acc), "y": update}
K.accum(**kwargs).sync()  # expect: TC101
print(acc.to_numpy()[:2])
