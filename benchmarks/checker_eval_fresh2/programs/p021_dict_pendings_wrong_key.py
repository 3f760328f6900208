"""q, k and v projections submitted into a dict; the host then inspects the v projection."""

from __future__ import annotations

from llmserve.kernels import mul

import tilert as tr

DIM = 256


def main() -> None:
    x = tr.full((DIM,), 2.0)
    weights = {name: tr.full((DIM,), w) for name, w in (("q", 0.5), ("k", 0.25), ("v", 1.0))}
    outs = {name: tr.empty((DIM,), name=name) for name in weights}
    pendings = {
        name: mul(outs[name].partition((64,)), x, weights[name]).submit() for name in weights
    }
    for name in ("q", "k"):
        pendings[name].wait()
    print("v[0] =", outs["v"].to_numpy()[0])  # expect: TC102
    pendings["v"].wait()


if __name__ == "__main__":
    main()
