"""A request object whose __repr__ shows its KV row; printed while the projection is in flight."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Request:
    def __init__(self, rid: int, n: int) -> None:
        self.rid = rid
        self.kv = tr.zeros((n,), name=f"kv{rid}")
        self.pending: tr.Pending | None = None

    def project(self, x: tr.Tensor) -> None:
        self.pending = K.scale(tiles(self.kv), x, float(self.rid + 1)).submit()

    def __repr__(self) -> str:
        head = np.asarray(self.kv)[:2]  # expect: TC102
        return f"Request({self.rid}, kv={head})"

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    x = tr.ones((128,))
    req = Request(3, 128)
    req.project(x)
    print(f"serving {req!r}")  # expect-also
    req.settle()


if __name__ == "__main__":
    main()
