"""A request logged with %-formatting, whose __str__ shows its sampled token."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Request:
    def __init__(self, rid: int) -> None:
        self.rid = rid
        self.scores = tr.zeros((32,))

    def __str__(self) -> str:
        return f"req{self.rid} tok={int(np.argmax(self.scores.to_numpy()))}"  # expect: TC102


req = Request(7)
p = K.scale(tiles(req.scores), vec(np.arange(32)), 0.5).submit()
line = "decoded %s" % req  # noqa: UP031  # expect-also
p.wait()
print(line)
