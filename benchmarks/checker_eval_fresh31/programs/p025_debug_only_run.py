"""A layer that optionally computes a debug statistic."""

import numpy as np
from llmforge import relu, scale

import tilert as tr

DEBUG = False


def main() -> None:
    x = tr.from_numpy(np.linspace(-4, 4, 1024, dtype=np.float32))
    act = tr.empty((1024,))
    stats = tr.empty((1024,))
    relu(act.partition((256,)), x).sync()
    stat_op = scale(stats.partition((256,)), act, 1.0 / 1024)  # expect: TC105
    if DEBUG:
        stat_op.sync()
        print("debug mean", float(stats.to_numpy().sum()))
    print("active fraction:", float((act.to_numpy() > 0).mean()))


main()
