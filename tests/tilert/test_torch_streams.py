"""tilert follows torch's current stream once torch has started CUDA (on the GPU backend), so
torch's ops and tilert's are ordered on one stream. Checked here with a stand-in torch; the
real one on the GPU (tests/gpu/test_gpu_torch.py)."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from tilert import backends, streams


@pytest.fixture
def fake_torch(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, object]]:
    state: dict[str, object] = {"initialized": False, "stream": 7}
    torch = types.ModuleType("torch")
    torch.cuda = types.SimpleNamespace(is_initialized=lambda: state["initialized"])  # type: ignore[attr-defined]
    torch._C = types.SimpleNamespace(  # type: ignore[attr-defined]
        _cuda_getCurrentRawStream=lambda device: state["stream"]
    )
    monkeypatch.setitem(sys.modules, "torch", torch)
    gpu = types.SimpleNamespace(device_kind="cuda")
    monkeypatch.setattr(backends, "current", lambda: gpu)
    monkeypatch.setattr(streams, "_torch_streams", {})
    monkeypatch.setattr(streams, "_torch_raw_stream", None)
    monkeypatch.setattr(streams, "_default", streams._own_default)
    yield state


def test_tilerts_own_stream_until_torch_starts_cuda(fake_torch: dict[str, object]) -> None:
    assert streams.current_stream() is streams._own_default
    assert streams._default is streams._own_default  # the C launch path keeps its stream


def test_torchs_current_stream_once_it_has_started_cuda(fake_torch: dict[str, object]) -> None:
    fake_torch["initialized"] = True
    first = streams.current_stream()
    assert first is not streams._own_default and first.cuda_handle() == 7
    assert streams.current_stream() is first  # one tilert Stream per CUDA stream
    assert streams._default is None  # launches without `with stream:` take the Python path
    fake_torch["stream"] = 0  # `with torch.cuda.stream(...)` left: torch's default stream
    assert streams.current_stream().cuda_handle() == 0
    fake_torch["stream"] = 7
    assert streams.current_stream() is first


def test_a_tilert_stream_block_wins(fake_torch: dict[str, object]) -> None:
    fake_torch["initialized"] = True
    mine = streams.Stream()
    with mine:
        assert streams.current_stream() is mine


def test_not_followed_under_the_interpreter(
    fake_torch: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_torch["initialized"] = True
    cpu = types.SimpleNamespace(device_kind="cpu")
    monkeypatch.setattr(backends, "current", lambda: cpu)
    assert streams.current_stream() is streams._own_default
