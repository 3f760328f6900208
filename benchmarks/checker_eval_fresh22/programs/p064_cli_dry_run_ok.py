"""A warm-up CLI that honours --dry-run before building the launch."""

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
    if args.dry_run:
        print(f"would launch scale over {args.size} elements")
        return 0
    x = upload(np.ones(args.size))
    out = tr.zeros((args.size,), name="warm_out")
    K.scale(tiles(out), x, 2.0).sync()
    assert out.to_numpy()[0] == 2.0
    return 0


assert main(["--size", "512", "--dry-run"]) == 0
raise SystemExit(main(["--size", "512"]))
