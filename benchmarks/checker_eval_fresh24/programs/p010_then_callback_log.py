"""Chain a gated activation after the projection, logging the intermediate in the callback."""

import numpy as np
from llmbasin import mul, relu

import tilert as tr

N = 2048
TILE = 512


def main() -> None:
    rng = np.random.default_rng(7)
    x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
    gate = tr.from_numpy(rng.uniform(0, 1, N).astype(np.float32))
    act = tr.empty((N,), name="act")
    out = tr.empty((N,), name="out")

    def gated(*_: object) -> tr.Op:
        print("act mean", float(act.to_numpy().mean()))  # expect: TC102
        return mul(out.partition((TILE,)), act, gate)

    relu(act.partition((TILE,)), x).then(gated).sync()  # expect-also: TC102
    print(out.to_numpy()[:4])


if __name__ == "__main__":
    main()
