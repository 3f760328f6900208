"""tilert.cuda.graphs imports without cuda-python and reaches for the GPU only when
called; driver errors name the call. The capture itself is tested on the GPU
(tests/gpu/test_gpu_graphs.py)."""

from __future__ import annotations

import enum
import subprocess
import sys

import pytest

from tilert.cuda.graphs import _check

WITHOUT_CUDA = """
import sys
sys.modules["cuda"] = None  # as if cuda-python were not installed
import tilert.cuda.graphs as cuda_graph
assert not [m for m in sys.modules if m.startswith("cuda.")], sorted(sys.modules)
try:
    cuda_graph.capture(0, lambda: None)
except ImportError as exc:
    print("capture:", exc)
"""


def test_importing_needs_no_cuda_bindings_and_capturing_does() -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_CUDA], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("capture: No module named 'cuda."), done.stdout


class CUresult(enum.IntEnum):  # the shape of cuda.bindings' enum
    CUDA_SUCCESS = 0
    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901


def test_driver_results_unwrap_and_failures_name_the_call() -> None:
    assert _check((CUresult.CUDA_SUCCESS,), "cuGraphLaunch") is None
    assert _check((CUresult.CUDA_SUCCESS, "exec"), "cuGraphInstantiate") == "exec"
    assert _check((CUresult.CUDA_SUCCESS, [], 3), "cuGraphGetNodes") == ([], 3)
    failed = (CUresult.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, None)
    with pytest.raises(
        RuntimeError, match=r"^cuStreamEndCapture failed: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED$"
    ):
        _check(failed, "cuStreamEndCapture")
