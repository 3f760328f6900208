"""torch on the GPU: a torch tensor goes into a kernel where it lies (same device pointer, no
copy), tilert launches on torch's current stream (a non-default one included) so that torch's
ops and tilert's are ordered, ``tr.testing.do_bench`` times on the device, NVTX ranges go
through torch, and examples/interop_torch.py runs (a torch CUDA graph included)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32
from tilert._core import nvtx

pytestmark = pytest.mark.gpu

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "interop_torch.py"


@tr.kernel
def add_rows(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


def _torch() -> Any:
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA")
    return torch


def test_a_torch_tensor_is_read_where_it_lies() -> None:
    torch = _torch()
    x = torch.arange(4096, device="cuda", dtype=torch.float32)
    wrapped = tr.from_dlpack(x)
    assert wrapped.__cuda_array_interface__["data"][0] == x.data_ptr()
    out = torch.empty_like(x)
    add_rows(tr.from_dlpack(out).partition((1024,)), x).sync()  # x itself, as a Shared argument
    torch.testing.assert_close(out, x + 1)


def test_ordered_with_torch_on_a_side_stream() -> None:
    torch = _torch()
    side = torch.cuda.Stream()
    a = torch.randn(2048, 2048, device="cuda")
    for _ in range(5):
        with torch.cuda.stream(side):
            x = a
            for _ in range(20):  # long enough that an unordered read would see stale data
                x = torch.tanh(x @ a) * 0.5
            x = x.reshape(-1)
            out = torch.zeros_like(x)
            add_rows(tr.from_dlpack(out).partition((1024,)), x).submit().wait()
            after = out * 2  # torch reads tilert's output on the same stream
        side.synchronize()
        torch.testing.assert_close(out, x + 1)
        torch.testing.assert_close(after, (x + 1) * 2)


def test_do_bench_times_on_the_device() -> None:
    torch = _torch()
    x = torch.randn(1 << 24, device="cuda")
    out = torch.empty_like(x)
    target = tr.from_dlpack(out)
    ms = tr.testing.do_bench(lambda: add_rows(target.partition((1024,)), x), rep=20)
    assert isinstance(ms, float)
    seconds = ms / 1e3
    bandwidth = 2 * x.numel() * 4 / seconds
    assert 2e11 < bandwidth < 4e12, f"{bandwidth / 1e12:.2f} TB/s for a 64 MiB add"


def test_nvtx_ranges_through_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    torch = _torch()
    pushed: list[str] = []
    real_push = torch.cuda.nvtx.range_push
    monkeypatch.setattr(
        torch.cuda.nvtx, "range_push", lambda name: pushed.append(name) or real_push(name)
    )
    monkeypatch.setattr(nvtx, "ENABLED", True)
    monkeypatch.setattr(nvtx, "_looked", False)
    monkeypatch.setitem(__import__("sys").modules, "nvtx", None)  # no nvtx package: torch's
    x = torch.ones(4096, device="cuda")
    out = torch.empty_like(x)
    add_rows(tr.from_dlpack(out).partition((1024,)), x).sync()
    assert pushed == ["add_rows"]


def test_the_interop_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    _torch()
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "between torch ops on a side stream" in out and "replayed from a torch CUDA graph" in out
