"""A decoder layer written layer by layer with tilert.kernels, module style: input norm, QKV
projection, RoPE, causal attention, output projection with the residual, post-norm and a gated
MLP. Every op is synced in order, as an eager PyTorch forward would run."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def randn(*shape: int, scale: float = 0.02) -> tr.Tensor:
    return tr.from_numpy(
        (np.random.default_rng(sum(shape)).standard_normal(shape) * scale).astype(np.float32)
    )


class DecoderLayer:
    def __init__(self, hidden: int, heads: int, head_dim: int, inter: int) -> None:
        self.heads, self.head_dim = heads, head_dim
        self.input_norm = tr.ones((hidden,))
        self.post_norm = tr.ones((hidden,))
        self.qkv_proj = randn(3 * heads * head_dim, hidden)
        self.o_proj = randn(hidden, heads * head_dim)
        self.gate_up = randn(2 * inter, hidden)
        self.down = randn(hidden, inter)
        self.inter = inter

    def forward(self, x: tr.Tensor, positions: tr.Tensor) -> tr.Tensor:
        seq, hidden = x.shape
        h, d = self.heads, self.head_dim
        normed = tr.empty((seq, hidden))
        qkv = tr.empty((seq, 3 * h * d))
        tk.rmsnorm(normed, x, self.input_norm).sync()
        tk.linear(qkv, normed, self.qkv_proj).sync()
        q = qkv.to_numpy()[:, : h * d].reshape(seq, h, d)
        k = qkv.to_numpy()[:, h * d : 2 * h * d].reshape(seq, h, d)
        v = qkv.to_numpy()[:, 2 * h * d :].reshape(seq, h, d)
        q_t, k_t = tr.from_numpy(np.ascontiguousarray(q)), tr.from_numpy(np.ascontiguousarray(k))
        q_rot, k_rot = tr.empty(q_t.shape), tr.empty(k_t.shape)
        tk.rope(q_rot, q_t, positions).sync()
        tk.rope(k_rot, k_t, positions).sync()
        q4 = tr.from_numpy(np.ascontiguousarray(q_rot.to_numpy().transpose(1, 0, 2)[None]))
        k4 = tr.from_numpy(np.ascontiguousarray(k_rot.to_numpy().transpose(1, 0, 2)[None]))
        v4 = tr.from_numpy(np.ascontiguousarray(v.transpose(1, 0, 2)[None]))
        attn = tr.empty(q4.shape)
        tk.attention(attn, q4, k4, v4, causal=True).sync()
        attn2d = tr.from_numpy(
            np.ascontiguousarray(attn.to_numpy()[0].transpose(1, 0, 2).reshape(seq, h * d))
        )
        o = tr.empty((seq, hidden))
        tk.linear(o, attn2d, self.o_proj).sync()
        residual = tr.from_numpy(x.to_numpy() + o.to_numpy())
        normed2 = tr.empty((seq, hidden))
        tk.rmsnorm(normed2, residual, self.post_norm).sync()
        gu = tr.empty((seq, 2 * self.inter))
        act = tr.empty((seq, self.inter))
        out = tr.empty((seq, hidden))
        tk.linear(gu, normed2, self.gate_up).sync()
        tk.silu_and_mul(act, gu).sync()
        tk.linear(out, act, self.down).sync()
        return tr.from_numpy(residual.to_numpy() + out.to_numpy())


layer = DecoderLayer(hidden=64, heads=4, head_dim=16, inter=128)
x = randn(8, 64, scale=1.0)
pos = tr.from_numpy(np.arange(8, dtype=np.int32))
y = layer.forward(x, pos)
print(y.shape, float(y.to_numpy().std()))
