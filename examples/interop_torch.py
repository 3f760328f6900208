"""A tile kernel between torch ops: torch tensors go in without a copy (Shared arguments take
them as they are; an output is ``tr.from_dlpack(t).partition(...)``), and tilert launches on
torch's current stream, so ``with torch.cuda.stream(s):`` orders both. Then the same step
inside a torch CUDA graph. Needs torch with a GPU; elsewhere it says so and stops."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

if TYPE_CHECKING:  # torch is optional: where it is not installed, mypy takes its types as Any
    import torch  # type: ignore[import-not-found, unused-ignore]


@tr.kernel
def gelu_tanh(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    inner = 0.7978845608028654 * (t + 0.044715 * t * t * t)
    z.store(0.5 * t * (1.0 + tl.tanh(inner)))


def step(out: torch.Tensor, x: torch.Tensor, n: int) -> tr.Op:
    """``out = gelu(x)`` on torch tensors: ``x`` is read where it lies, ``out`` is written."""
    return gelu_tanh(tr.from_dlpack(out).partition((1024,)), x)


def main(n: int = 1 << 20) -> None:
    try:
        import torch  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        print("interop_torch: torch is not installed: skipped")
        return
    if not torch.cuda.is_available() or tr.Device().kind != "cuda":
        print("interop_torch: needs torch and tilert on a GPU (TILERT_BACKEND=cutile): skipped")
        return
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):  # torch and tilert both run on `side`, in program order
        x = torch.randn(n, device="cuda") * 3
        out = torch.empty_like(x)
        step(out, x, n).sync()
        total = (out * 2).sum()
    side.synchronize()
    expected = torch.nn.functional.gelu(x, approximate="tanh")
    torch.testing.assert_close(out, expected, rtol=1e-4, atol=1e-4)
    print(f"interop_torch: gelu of {n} floats between torch ops on a side stream, sum {total:.1f}")

    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):  # captured on torch's capture stream, which tilert follows
        y = x * 0.5
        pending = step(out, y, n).submit()
    pending.wait()  # (the capture ran nothing: there is nothing to wait for)
    x.copy_(torch.randn(n, device="cuda"))
    graph.replay()
    torch.cuda.synchronize()
    expected = torch.nn.functional.gelu(x * 0.5, approximate="tanh")
    torch.testing.assert_close(out, expected, rtol=1e-4, atol=1e-4)
    print("interop_torch: the same step replayed from a torch CUDA graph")


if __name__ == "__main__":
    main()
