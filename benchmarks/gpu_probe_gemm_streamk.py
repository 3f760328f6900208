"""Probe (issue 19): the stream-K GEMM without atomics (``tilert/kernels/gemm_streamk.py``,
experimental, not in the tuner) against cuBLAS (``torch.matmul``) and ``tk.gemm`` (the tuned
persistent kernel), in one process, for f16 and bf16 at 4096 and 8192: ``gemm_streamk`` with
``(bm, bn)`` in (128, 128), (128, 256) and ``dp_waves`` None (every full wave but the last
data-parallel) and 0 (everything stream-K), bk 64, groups of 8, one block an SM.

Each variant: its first call (the compile) under a watchdog (``--compile-watchdog``, 150 s),
its result checked against torch, then 20 calls each synced under a 60 s watchdog
(``faulthandler.dump_traceback_later(60, exit=True)``: a hang dumps every thread and exits with
status 1; the JSON written before each variant keeps the record), the result checked again.
Then timing as ``gpu_probe_gemm_tiles.py``: each op (``tk.gemm``, then each stream-K variant)
by ``gpu_bench_kernels._measure``, its ``tr.graph()`` of one call replayed against cuBLAS in
the same interleaved rounds, best of 5. A variant that fails or is wrong is reported and left
out of the timing.

Prints one line per variant and writes ``$OUT/gemm-streamk-probe.json`` (the benchmark JSON:
device, date, commit, comparisons ``{name, ours, baseline, unit, ratio}`` in TFLOP/s:
``gemm-streamk-<bm>x<bn>-dp<waves|all-but-last>-vs-cublas-<dt>-<size>``, the same
``-vs-tuned-``, and ``gemm-tuned-vs-cublas-<dt>-<size>``; plus ``plans``, ``checks`` and
``errors``).

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_gemm_streamk.py
    TILERT_BACKEND=interpret python benchmarks/gpu_probe_gemm_streamk.py --dry-run

Options: ``--sizes``, ``--dtypes``, ``--tilings 128x128 ...``, ``--dp-waves default 0 full N``
(``full``: every full wave data-parallel, the partial wave alone stream-K; no new compile, the
waves are a run-time argument), ``--blocks`` (default: the SM count), ``--calls``,
``--watchdog``, ``--compile-watchdog``.

``--dry-run`` (the CPU): one 384-square shape on 4 blocks (the H100's split in miniature),
checked against numpy, 2 calls a variant, no torch and no timing."""

from __future__ import annotations

import argparse
import datetime
import faulthandler
import functools
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_record import commit

import tilert as tr
import tilert.kernels as tk
from tilert.kernels import gemm_streamk as gs
from tilert.ops import Op

TILINGS = [(128, 128), (128, 256)]
DP_WAVES: list[int | None] = [None, 0]
FULL = 1 << 30  # ``--dp-waves full``: every full wave data-parallel (plan clamps it), the
# partial wave alone stream-K
TOLERANCE = 2e-2  # largest error over the largest reference value (K to 8192, inputs 0.1 N(0,1))
DTYPES = {"f16": tr.f16, "bf16": tr.bf16}


def _name(bm: int, bn: int, dp: int | None) -> str:
    waves = {None: "all-but-last", FULL: "full"}.get(dp, str(dp))
    return f"streamk-{bm}x{bn}-dp{waves}"


def _dp_waves(text: str) -> int | None:
    """``--dp-waves``: ``default`` (None), ``full`` or a number of waves."""
    if text.isdigit():
        return int(text)
    named: dict[str, int | None] = {"default": None, "full": FULL}
    if text not in named:
        raise argparse.ArgumentTypeError(f"default, full or a number, not {text!r}")
    return named[text]


def _tiling(text: str) -> tuple[int, int]:
    """``--tilings``: ``BMxBN``."""
    bm, _, bn = text.partition("x")
    return int(bm), int(bn)


class Probe:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.blocks: int | None = args.blocks
        self.path = Path(args.out) / "gemm-streamk-probe.json"
        self.doc: dict[str, Any] = {
            "device": "cpu (dry run)" if args.dry_run else _device_name(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
            "commit": commit(),
            "sm_count": tr.Device().sm_count,
            "comparisons": [],
            "plans": {},
            "checks": {},
            "errors": [],
        }

    def write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.doc, indent=2) + "\n")

    def error(self, what: str) -> None:
        print(f"ERROR {what}", flush=True)
        self.doc["errors"].append(what)

    # -- one shape and dtype ----------------------------------------------------------------
    def run(self, size: int, dt: str) -> None:
        a, b, ref = self._inputs(size, dt)
        variants: dict[str, Callable[[], Op]] = {}
        outs: list[tr.Tensor[Any]] = []
        for bm, bn in self.args.tilings:
            for dp in self.args.dp_waves:
                name = _name(bm, bn, dp)
                what = f"{dt} {size} {name}"
                c = tr.empty((size, size), dtype=a.dtype)
                outs.append(c)
                kw = {"bm": bm, "bn": bn, "bk": 64, "group": 8, "dp_waves": dp}
                p = gs.plan(size, size, size, bm, bn, 64, self._blocks(), dp)
                self.doc["plans"][what] = repr(p) + f", shared tiles {len(p.shared())}"
                # its own workspace: each variant's graph holds it until closed
                ws = tr.empty(gs.workspace_shape(p, bm, bn)[0], dtype=tr.f32)
                make = functools.partial(
                    gs.gemm_streamk, c, a, b, blocks=self.blocks, workspace=ws, **kw
                )
                self.write()
                if self._hang_test(what, make, c, ref):
                    variants[name] = make
        tuned = functools.partial(tk.gemm, tr.empty((size, size), dtype=a.dtype), a, b)
        if self.args.dry_run:
            self._hang_test(f"{dt} {size} tuned", tuned, tuned.args[0], ref)
            return
        self._time(size, dt, a, b, tuned, variants)

    def _blocks(self) -> int:
        return tr.Device().sm_count if self.blocks is None else self.blocks

    def _inputs(self, size: int, dt: str) -> tuple[Any, Any, Any]:
        """The operands as tilert tensors and the reference product (torch's on the GPU,
        numpy's f64 on the dry run)."""
        rng = np.random.default_rng(size)
        an = (rng.standard_normal((size, size)) * 0.1).astype(DTYPES[dt].np_dtype)
        bn = (rng.standard_normal((size, size)) * 0.1).astype(DTYPES[dt].np_dtype)
        a, b = tr.from_numpy(an), tr.from_numpy(bn)
        if self.args.dry_run:
            return a, b, an.astype(np.float64) @ bn.astype(np.float64)
        import torch

        return a, b, torch.matmul(torch.from_dlpack(a), torch.from_dlpack(b))

    def _error(self, c: tr.Tensor[Any], ref: Any) -> tuple[float, str]:
        """The relative error of ``c`` against ``ref`` and where the worst element lies."""
        if self.args.dry_run:
            got = c.to_numpy().astype(np.float64)
            diff = np.abs(got - ref)
            scale = max(1.0, float(np.abs(ref).max()))
            i, j = np.unravel_index(int(diff.argmax()), diff.shape)
            return float(diff.max()) / scale, f"worst at ({i}, {j})"
        import torch

        g = torch.from_dlpack(c).float()
        r = ref.float()
        diff = (g - r).abs()
        scale = max(1.0, r.abs().max().item())
        i, j = divmod(int(diff.argmax().item()), diff.shape[1])
        return diff.max().item() / scale, (
            f"worst at ({i}, {j}): got {g[i, j].item():.5g}, torch {r[i, j].item():.5g}; "
            f"NaN: {bool(torch.isnan(g).any().item())}"
        )

    def _hang_test(self, what: str, make: Callable[[], Op], c: Any, ref: Any) -> bool:
        """The first call (compiles) and ``--calls`` synced calls under watchdogs, the result
        checked after the first call and after the last; False (reported) on any failure."""
        record: dict[str, Any] = {}
        self.doc["checks"][what] = record
        try:
            start = time.perf_counter()
            faulthandler.dump_traceback_later(self.args.compile_watchdog, exit=True)
            make().sync()
            faulthandler.cancel_dump_traceback_later()
            record["first_call_s"] = round(time.perf_counter() - start, 2)
            err, where = self._error(c, ref)
            record["error_first"] = f"{err:.3g}"
            if not err <= TOLERANCE:
                self.error(f"{what}: error {err:.3g} against the reference after one call; {where}")
                return False
            self.write()
            start = time.perf_counter()
            faulthandler.dump_traceback_later(self.args.watchdog, exit=True)
            for _ in range(self.args.calls):
                make().sync()
            faulthandler.cancel_dump_traceback_later()
            record["calls"] = self.args.calls
            record["calls_s"] = round(time.perf_counter() - start, 3)
            err, where = self._error(c, ref)
            record["error_last"] = f"{err:.3g}"
            if not err <= TOLERANCE:
                self.error(f"{what}: error {err:.3g} after {self.args.calls} calls; {where}")
                return False
        except Exception as exc:  # a probe: report and go on with the other variants
            faulthandler.cancel_dump_traceback_later()
            traceback.print_exc()
            self.error(f"{what}: {exc!r}")
            return False
        finally:
            self.write()
        print(f"{what}: checked ({record})", flush=True)
        return True

    def _time(
        self,
        size: int,
        dt: str,
        a: tr.Tensor[Any],
        b: tr.Tensor[Any],
        tuned: Callable[[], Op],
        variants: dict[str, Callable[[], Op]],
    ) -> None:
        """As ``gpu_probe_gemm_tiles.py``: each op (``tk.gemm``, then each variant) timed by
        ``_measure`` as graph replays against cuBLAS in the same rounds; the ``-vs-tuned``
        rows compare TFLOP/s of two such runs (one after the other)."""
        import torch
        from gpu_bench_gemm import comparison
        from gpu_bench_kernels import _measure

        at, bt = torch.from_dlpack(a), torch.from_dlpack(b)
        ref = torch.empty_like(at)
        cublas = {"cublas": lambda: torch.matmul(at, bt, out=ref)}
        tf = 2.0 * size**3 / 1e12
        rows = self.doc["comparisons"]
        t = _measure(tuned, cublas, 10)
        tuned_tf = tf / t["ours"]
        rows.append(
            comparison(
                f"gemm-tuned-vs-cublas-{dt}-{size}", tuned_tf, tf / t["cublas"], "TFLOP/s", True
            )
        )
        self.write()
        for name, make in variants.items():
            try:
                t = _measure(make, cublas, 10)
            except Exception as exc:  # a probe: report and go on with the other variants
                traceback.print_exc()
                self.error(f"{dt} {size} {name} timing: {exc!r}")
                continue
            ours = tf / t["ours"]
            rows.append(
                comparison(
                    f"gemm-{name}-vs-cublas-{dt}-{size}", ours, tf / t["cublas"], "TFLOP/s", True
                )
            )
            rows.append(
                comparison(f"gemm-{name}-vs-tuned-{dt}-{size}", ours, tuned_tf, "TFLOP/s", True)
            )
            self.write()


def _device_name() -> str:
    import torch

    return str(torch.cuda.get_device_name(0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=None)
    parser.add_argument("--dtypes", nargs="+", default=["f16", "bf16"], choices=list(DTYPES))
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument("--calls", type=int, default=None, help="synced calls a variant (20)")
    parser.add_argument("--watchdog", type=float, default=60.0, help="seconds for those calls")
    parser.add_argument("--compile-watchdog", type=float, default=150.0)
    parser.add_argument("--blocks", type=int, default=None, help="persistent blocks (SMs)")
    parser.add_argument("--tilings", nargs="+", type=_tiling, default=TILINGS, help="BMxBN ...")
    parser.add_argument("--dry-run", action="store_true", help="the CPU: small, no timing")
    parser.add_argument(
        "--dp-waves", nargs="+", type=_dp_waves, default=DP_WAVES, help="default, full or N"
    )
    args = parser.parse_args(argv)
    if args.dry_run:
        args.sizes = args.sizes or [384]
        args.calls = 2 if args.calls is None else args.calls
        args.blocks = args.blocks or 4
    else:
        from tilert import backends

        assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
        args.sizes = args.sizes or [4096, 8192]
        args.calls = 20 if args.calls is None else args.calls
        # the tuner's choice made today, on this device
        os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix="tilert-streamk-"))
    probe = Probe(args)
    began = time.perf_counter()
    for dt in args.dtypes:
        for size in args.sizes:
            try:
                probe.run(size, dt)
            except Exception as exc:  # keep the other sizes; report the failure
                traceback.print_exc()
                probe.error(f"{dt} {size}: {exc!r}")
            print(f"{dt} {size} done at {time.perf_counter() - began:.0f} s", flush=True)
            probe.write()
    print(f"wrote {probe.path}")
    return 1 if probe.doc["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
