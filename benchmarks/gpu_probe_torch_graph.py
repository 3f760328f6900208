"""Probe: which call of a tilert launch a torch CUDA graph capture refuses (a capture forbids
stream queries and synchronization). Prints each step's outcome with its traceback."""

from __future__ import annotations

import traceback

import torch

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add_one(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


def attempt(what: str, fn: object) -> object:
    try:
        result = fn()  # type: ignore[operator]
        print(f"{what}: ok")
        return result
    except Exception:
        print(f"{what}: FAILED")
        traceback.print_exc()
        return None


def main() -> None:
    x = torch.ones(1 << 16, device="cuda")
    out = torch.empty_like(x)
    wrapped_out, wrapped_x = tr.from_dlpack(out), tr.from_dlpack(x)
    add_one(wrapped_out.partition((1024,)), wrapped_x).sync()  # compiled before the capture
    graph = torch.cuda.CUDAGraph()
    try:
        with torch.cuda.graph(graph):
            print("capturing:", torch.cuda.is_current_stream_capturing())
            attempt("from_dlpack inside the capture", lambda: tr.from_dlpack(out))
            op = attempt("make the op", lambda: add_one(wrapped_out.partition((1024,)), wrapped_x))
            pending = attempt("submit", lambda: op.submit()) if op is not None else None
        print("capture ended")
        if pending is not None:
            attempt("wait after the capture", lambda: pending.wait())
        x.fill_(2.0)
        graph.replay()
        torch.cuda.synchronize()
        print("replay gives", float(out[0]), "(expected 3.0)")
    except Exception:
        traceback.print_exc()


if __name__ == "__main__":
    main()
