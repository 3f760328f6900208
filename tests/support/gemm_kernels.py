"""The GEMM kernels of ``benchmarks/gemm_kernels.py`` (one module for the tests and the
benchmarks), importable by the tests."""

from __future__ import annotations

from tests.support import use_benchmarks

use_benchmarks()

from gemm_kernels import (  # noqa: E402
    gemm_bf16,
    gemm_bf16_hinted,
    gemm_f16,
    gemm_f16_hinted,
    gemm_tiles,
)

__all__ = ["gemm_bf16", "gemm_bf16_hinted", "gemm_f16", "gemm_f16_hinted", "gemm_tiles"]
