"""Launch settings parsed into a namespace; `--inplace` reuses a preallocated output."""

import argparse
from types import SimpleNamespace

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale, scale_inplace

import tilert as tr


def build(args: argparse.Namespace, x: tr.Tensor) -> SimpleNamespace:
    out = x if args.inplace else tr.empty(x.shape)
    return SimpleNamespace(out=out, inp=x, alpha=args.alpha)


def launch(cfg: SimpleNamespace) -> None:
    if cfg.out is cfg.inp:
        scale_inplace(tiles(cfg.out), cfg.alpha).sync()
    else:
        scale(tiles(cfg.out), cfg.inp, cfg.alpha).sync()


parser = argparse.ArgumentParser()
parser.add_argument("--alpha", type=float, default=0.5)
parser.add_argument("--inplace", action="store_true")
args = parser.parse_args(["--inplace"])
x = tr.from_numpy(np.arange(256, dtype=np.float32))
launch(build(args, x))
np.testing.assert_allclose(x.to_numpy(), 0.5 * np.arange(256, dtype=np.float32))
