"""A decoder builds its reset op in __init__; reset() runs only when there is history, and
there is none."""

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Decoder:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.reset_op = K.fill(H.tiles(self.state), 0.0)  # expect: TC105
        self.history: list[int] = []

    def reset(self) -> None:
        if self.history:
            self.reset_op.sync()
            self.history.clear()


def serve() -> None:
    dec = Decoder(32)  # expect-also
    dec.reset()


serve()
