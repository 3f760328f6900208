"""Tensor-parallel Qwen3 (docs/models.md, "Tensor parallelism"): a world of ``n`` devices,
each holding its slice of every layer and of the KV cache, joined by two all-reduces a layer.

The split (Megatron's): rank ``r`` keeps KV heads ``[r * kv/n, (r + 1) * kv/n)`` and the query
heads that attend to them, so attention needs nothing from the other ranks; the fused q/k/v
projection and gate/up are column-parallel (their rows split), o_proj and down_proj
row-parallel (their columns split), so each rank's o_proj or down_proj output is a partial sum
of the full one. The LM head is split by vocabulary (``vocab``: each rank its rows' logits,
all-gathered); the embedding and the norms are replicated: every rank computes the same
residual stream and the same logits, and picks the same token.

The tensors a decode step's collectives move (the residual stream, the head's outputs) are
made by the communicator (``comm.zeros``): under NCCL's C API they lie in symmetric windows,
where NCCL runs its low-latency kernels.

Where the partial sums meet: in a decode step, rank 0's ``gemv_residual`` adds the residual to
its partial as on one device and the other ranks' add zeros, so an all-reduce of that output
is the residual stream with the whole projection added once: no launch more than one device's
step. In the prompt, the partial ``[n, hidden]`` output is all-reduced and the next
``rmsnorm`` adds it to the residual, as on one device."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

import tilert as tr
import tilert.kernels as tk
from tilert.distributed import Communicator
from tilert.errors import BorrowError, KernelError, RaceError
from tilert.models.qwen3.buffers import PromptBuffers, StepBuffers
from tilert.models.qwen3.config import Qwen3Config
from tilert.models.qwen3.engine import Qwen3
from tilert.models.qwen3.kernels import head
from tilert.models.qwen3.vocab import VocabSplit, per_rank, vocab_rows
from tilert.models.qwen3.weights import Layer, Weights
from tilert.ops import Op

Tensor = tr.Tensor[Any]


def local_config(c: Qwen3Config, size: int) -> Qwen3Config:
    """The config of one rank's slice in a world of ``size``: query heads, KV heads and the
    MLP width divided by it (a ValueError when it does not divide them)."""
    if size < 1:
        raise ValueError(f"tensor parallelism over {size} devices: need at least one")
    for name in ("num_key_value_heads", "intermediate_size"):
        if getattr(c, name) % size:
            raise ValueError(
                f"tensor parallelism over {size} devices splits {name} ({getattr(c, name)}) "
                f"evenly: {size} must divide it"
            )
    return dataclasses.replace(
        c,
        num_attention_heads=c.num_attention_heads // size,
        num_key_value_heads=c.num_key_value_heads // size,
        intermediate_size=c.intermediate_size // size,
    )


def shard(weights: Weights, rank: int, size: int) -> Weights:
    """Rank ``rank``'s slice of ``weights`` (the whole model's) in a world of ``size``: the
    sliced matrices are copied (on the device) into tensors of their own, the LM head's rows
    ``vocab.vocab_rows`` among them (padded with zero rows to ``vocab.per_rank``; the
    embedding stays whole, tied to the head or not); the embedding and the norms are the same
    tensors as ``weights``'."""
    if weights.shard != (0, 1):
        raise ValueError(f"these weights are already rank {weights.shard[0]}'s slice")
    if not 0 <= rank < size:
        raise ValueError(f"rank {rank} is outside a world of {size}")
    c = weights.config
    local = local_config(c, size)
    if size == 1:
        return weights
    hd = c.head_dim
    q, kv = local.num_attention_heads * hd, local.num_key_value_heads * hd
    inter = local.intermediate_size
    # rows of the fused [q; k; v] projection this rank keeps: (start, length) in each part
    qkv_rows = [
        (rank * q, q),
        (c.num_attention_heads * hd + rank * kv, kv),
        ((c.num_attention_heads + c.num_key_value_heads) * hd + rank * kv, kv),
    ]

    def layer(n: int, full: Layer) -> Layer:
        qkv = _rows(full.qkv, qkv_rows, f"layer {n} qkv, rank {rank}")
        gate_up = tr.empty((2, inter, c.hidden_size), dtype=weights.dtype)
        for half in range(2):
            gate_up[half].copy_from(full.gate_up[half, rank * inter : (rank + 1) * inter])
        return dataclasses.replace(
            full,
            qkv=qkv,
            o=full.o[:, rank * q : (rank + 1) * q].contiguous(),
            gate_up=gate_up,
            down=full.down[:, rank * inter : (rank + 1) * inter].contiguous(),
        )

    layers = tuple(layer(n, full) for n, full in enumerate(weights.layers))
    start, stop = vocab_rows(c.vocab_size, rank, size)
    head = tr.zeros((per_rank(c.vocab_size, size), c.hidden_size), dtype=weights.dtype)
    head[: stop - start].copy_from(weights.lm_head[start:stop])
    return dataclasses.replace(
        weights, config=local, layers=layers, lm_head=head, shard=(rank, size)
    )


def _rows(t: Tensor, spans: list[tuple[int, int]], name: str) -> Tensor:
    """The rows ``spans`` (start, length) of matrix ``t``, one after the other."""
    out = tr.empty((sum(n for _, n in spans), t.shape[1]), dtype=t.dtype, name=name)
    at = 0
    for start, n in spans:
        out[at : at + n].copy_from(t[start : start + n])
        at += n
    return out


# what a backend may raise when it cannot capture a collective into a graph (a BorrowError or
# RaceError is the program's error, not the capture's)
CAPTURE_FAILURES = (RuntimeError, KernelError)


class Qwen3TP(Qwen3):
    """The engine on one rank of a tensor-parallel world: ``weights`` are this rank's slice
    (``shard(weights, comm.rank, comm.size)``), the KV cache holds this rank's KV heads, and
    every rank runs the same calls (``prefill``, ``decode_step``, ``generate``) at once: each
    step's all-reduces meet the other ranks'. Logits and tokens are the whole model's on
    every rank."""

    def __init__(
        self,
        weights: Weights,
        max_seq: int,
        comm: Communicator,
        *,
        l2_prefetch: bool = False,
    ) -> None:
        if weights.shard != (comm.rank, comm.size):
            raise ValueError(
                f"rank {comm.rank} of {comm.size} needs its slice of the weights "
                f"(parallel.shard(weights, {comm.rank}, {comm.size})); these are rank "
                f"{weights.shard[0]}'s of {weights.shard[1]}"
            )
        self.comm = comm
        # the residual is added by rank 0 alone; the others' GEMVs add zeros
        self._no_residual = (
            None
            if comm.rank == 0
            else tr.zeros((weights.config.hidden_size,), dtype=weights.dtype, name="zeros")
        )
        self.vocab = VocabSplit(comm, weights.config.vocab_size, weights.dtype)
        self._prompt_gathered: Tensor | None = None  # (a prompt's every logits, gathered)
        # off by default: on two H200s the o projection's prefetch beside the attention cost
        # 5-7% of the decode (docs/models.md, "Weights prefetched into L2 on a branch")
        super().__init__(weights, max_seq, l2_prefetch=l2_prefetch)

    def _step_buffers(self) -> StepBuffers:
        """The residual stream in the communicator's windows (its all-reduces), the logits
        the whole model's (the gathered ones)."""
        c, comm = self.config, self.comm

        def make(shape: tuple[int, ...], dtype: type[tr.DType], name: str) -> Tensor:
            return comm.zeros(shape, dtype, name=name)

        return StepBuffers(c, self.cache, self.weights.dtype, make, self.vocab.logits)

    def _step_head(self) -> Iterator[Op]:
        """This rank's rows of the head (the padding rows left out) and its blocks' largest,
        both all-gathered, then the token of the largest of every rank's blocks."""
        v, s, w = self.vocab, self.step, self.weights
        rows = w.lm_head[: v.stop - v.start]
        eps = self.config.rms_norm_eps
        yield head(v.local, v.best, v.where, rows, s.res_a, w.norm, eps)
        yield from v.gather(self.comm)
        yield v.pick(s.token, s.position)

    def _prompt_head(self, p: PromptBuffers) -> Iterator[Op]:
        """The last position's logits on this rank's rows, all-gathered, and their argmax; with
        every position's asked for, those too (``[size, n, per]``, gathered once)."""
        v, s, w = self.vocab, self.step, self.weights
        if p.logits is not None:
            mine = tr.zeros((p.n, v.per), dtype=w.dtype, name="prompt local logits")
            self._prompt_gathered = tr.zeros((v.size, p.n, v.per), dtype=w.dtype)
            yield tk.linear(mine, p.h, w.lm_head)
            yield self.comm.all_gather(self._prompt_gathered, mine)
        yield tk.gemv(v.local, w.lm_head, p.h[p.n - 1])
        yield self.comm.all_gather(v.gathered, v.local)
        yield tk.argmax(s.token, s.logits_row)

    def _prompt_logits(self, p: PromptBuffers) -> np.ndarray[Any, Any]:
        if p.logits is None:
            return super()._prompt_logits(p)
        assert self._prompt_gathered is not None
        gathered = self._prompt_gathered.to_numpy().astype(np.float32)
        self._prompt_gathered = None
        whole: np.ndarray[Any, Any] = gathered.transpose(1, 0, 2).reshape(p.n, -1)
        return whole[:, : self.config.vocab_size]  # ([n, size * per]: the padding left out)

    def _residual(self, res: Tensor) -> Tensor:
        return res if self._no_residual is None else self._no_residual

    def _all_reduce(self, t: Tensor) -> Iterator[Op]:
        yield self.comm.all_reduce(t)

    def _replays(self, count: int) -> Iterator[int]:
        """As on one device; where the communicator must run an all-reduce once before a
        graph captures it (``small_all_reduce="symm"``: its symmetric buffer is rendezvoused,
        a host collective, on first use), the first step runs op by op. Where the backend
        cannot capture the step's all-reduces into a graph (its first replay captures it),
        the steps run op by op instead, said on stderr."""
        if count < 1:
            return
        if self.comm.needs_eager_first:
            for op in self._step_ops():
                op.sync()
            yield self.token()
            count -= 1
            if count < 1:
                return
        start = self.position()
        replays = super()._replays(count)
        try:
            first = next(replays)
        except (BorrowError, RaceError):
            raise
        except CAPTURE_FAILURES as exc:
            done = self.position() - start  # 1 if the failure came after the step ran
            print(
                f"[tilert.models.qwen3 rank {self.comm.rank}: the decode step's graph failed "
                f"({type(exc).__name__}: {exc}); running each step op by op instead]",
                file=sys.stderr,
                flush=True,
            )
            if done:
                yield self.token()
            for _ in range(count - done):
                for op in self._step_ops():
                    op.sync()
                yield self.token()
            return
        yield first
        yield from replays
