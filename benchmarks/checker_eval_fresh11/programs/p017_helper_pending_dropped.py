"""A warm-up helper submits a launch and returns its Pending; the warm-up call drops it."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def kick(out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
    return K.relu(tiles(out), x).submit()  # expect: TC108


x = tr.arange(256)
scratch = tr.zeros((256,))
kick(scratch, x)  # expect-also
done = kick(tr.zeros((256,)), x)
done.wait()
