"""Requests deduplicated through a set; __hash__ reads the token ids a copy still writes."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Request:
    def __init__(self, ids: tr.Tensor) -> None:
        self.ids = ids

    def __hash__(self) -> int:
        return hash(self.ids.to_numpy().tobytes())  # expect: TC102

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Request) and hash(self) == hash(other)


prompt = H.upload(np.arange(16))
a, b = Request(tr.zeros((16,))), Request(tr.zeros((16,)))
pa = K.copy(H.tiles(a.ids), prompt).submit()
pb = K.copy(H.tiles(b.ids), prompt).submit()
unique = {a, b}  # expect-also
pa.wait()
pb.wait()
print(len(unique))
