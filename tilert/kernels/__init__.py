"""``tilert.kernels`` (``import tilert.kernels as tk``): a library of transformer kernels
written in ``tilert.lang``. Each function takes tilert tensors (outputs first), partitions the
outputs itself, reads the inputs as Shared and returns a lazy ``Op``:

    tk.rmsnorm(out, x, weight, eps=1e-6).sync()

f16, bf16 and f32 (one dtype per call; integer ids, positions and argmax outputs i32 or
i64), any size: edge tiles are masked. The API, shapes and dtypes, and a guide to writing
kernels like these, are in docs/kernels.md."""

from __future__ import annotations

from tilert.kernels.decode import decode_attention_at, decode_workspace_at
from tilert.kernels.elementwise import (
    SILU_CONFIGS,
    argmax,
    dropout,
    embedding,
    rope,
    silu_and_mul,
)
from tilert.kernels.flash import (
    ATTENTION_CONFIGS,
    attention,
    decode_attention,
    decode_workspace,
)
from tilert.kernels.gemv_fused import (
    FUSED_GEMV_CONFIGS,
    GEMV_SILU_CONFIGS,
    gemv_residual,
    gemv_rmsnorm,
    gemv_rmsnorm_silu,
)
from tilert.kernels.linear import LINEAR_CONFIGS, linear
from tilert.kernels.matmul import BMM_CONFIGS, GEMM_CONFIGS, GEMV_CONFIGS, bmm, gemm, gemv
from tilert.kernels.norms import CONFIGS as NORM_CONFIGS
from tilert.kernels.norms import layernorm, rmsnorm, softmax
from tilert.kernels.prefetch import prefetch_l2
from tilert.kernels.rope_cache import qk_norm_rope, qk_norm_rope_cache

__all__ = [
    "ATTENTION_CONFIGS",
    "BMM_CONFIGS",
    "FUSED_GEMV_CONFIGS",
    "GEMM_CONFIGS",
    "GEMV_CONFIGS",
    "GEMV_SILU_CONFIGS",
    "LINEAR_CONFIGS",
    "NORM_CONFIGS",
    "SILU_CONFIGS",
    "argmax",
    "attention",
    "bmm",
    "decode_attention",
    "decode_attention_at",
    "decode_workspace",
    "decode_workspace_at",
    "dropout",
    "embedding",
    "gemm",
    "gemv",
    "gemv_residual",
    "gemv_rmsnorm",
    "gemv_rmsnorm_silu",
    "layernorm",
    "linear",
    "prefetch_l2",
    "qk_norm_rope",
    "qk_norm_rope_cache",
    "rmsnorm",
    "rope",
    "silu_and_mul",
    "softmax",
]
