"""Attention input projections held in a dict by name; only some are run."""

import numpy as np
from llmbasin import scale

import tilert as tr

D = 512


def main() -> None:
    x = tr.from_numpy(np.ones(D, dtype=np.float32))
    bufs = {name: tr.empty((D,), name=name) for name in ("q", "k", "v")}
    ops = {
        "q": scale(bufs["q"].partition((128,)), x, 0.5),
        "k": scale(bufs["k"].partition((128,)), x, 0.25),
        "v": scale(bufs["v"].partition((128,)), x, 0.125),  # expect: TC105
    }
    for name in ("q", "k"):
        ops[name].sync()
    print(float(bufs["q"].to_numpy()[0]), float(bufs["k"].to_numpy()[0]))


if __name__ == "__main__":
    main()
