"""A warm-up CLI: builds the warm-up launch, then honours --dry-run."""

import argparse

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="warmup")
    parser.add_argument("--size", type=int, default=1024)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    x = upload(np.ones(args.size))
    out = tr.zeros((args.size,), name="warm_out")
    op = K.scale(tiles(out), x, 2.0)  # expect: TC105
    if args.dry_run:
        print(f"would launch {op.label} over {args.size} elements")
        return 0
    op.sync()
    return 0


raise SystemExit(main(["--size", "512", "--dry-run"]))  # expect-also
