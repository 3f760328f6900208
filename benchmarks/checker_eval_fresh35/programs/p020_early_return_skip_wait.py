import argparse

import numpy as np
from tilekit import add, scale

import tilert as tr


def run(args):
    x = tr.from_numpy(np.linspace(0, 1, args.n, dtype=np.float32))
    y = tr.empty((args.n,))
    z = tr.empty((args.n,))
    warm = scale(y.partition((256,)), x, 2.0).submit()  # expect: TC108
    if args.dry_run:
        print("dry run: launched one kernel, skipping the rest")
        return None
    warm.wait()
    add(z.partition((256,)), x, y).sync()
    return z.to_numpy()


parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=4096)
parser.add_argument("--dry-run", action="store_true")
out = run(parser.parse_args(["--dry-run"]))  # expect-also: TC108
print(out)
