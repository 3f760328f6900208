"""The GEMM kernels of ``benchmarks/gemm_kernels.py`` (one module for the tests and the
benchmarks), importable by the tests."""

from __future__ import annotations

from tests.support import benchmark

_kernels = benchmark("gemm_kernels")
gemm_bf16 = _kernels.gemm_bf16
gemm_bf16_hinted = _kernels.gemm_bf16_hinted
gemm_f16 = _kernels.gemm_f16
gemm_f16_hinted = _kernels.gemm_f16_hinted
gemm_tiles = _kernels.gemm_tiles
