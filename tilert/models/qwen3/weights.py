"""Qwen3's weights as tilert tensors, laid out for the engine's kernels: read from a checkpoint
in the Hugging Face layout (``*.safetensors``, sharded or not), or made at random on the
device for a shape (``--random``).

Each layer's q, k and v projections are joined into one ``[q + k + v rows, hidden]`` matrix
(one GEMV reads them) and the MLP's gate and up projections are stacked as ``[2, intermediate,
hidden]`` (one GEMV computes both and the SwiGLU gate). Names, shapes and files are checked
as they are read; an error names the file and the tensor."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ml_dtypes  # registers bfloat16 with numpy: safetensors reads BF16 through it
import numpy as np

import tilert as tr
from tilert.models.qwen3.config import Qwen3Config
from tilert.models.qwen3.kernels import fill_uniform

Array = np.ndarray[Any, Any]


class WeightsError(ValueError):
    """A checkpoint file or tensor that is missing or not what the config says."""


@dataclasses.dataclass(frozen=True)
class Layer:
    attn_norm: tr.Tensor[Any]  # [hidden]
    qkv: tr.Tensor[Any]  # [(heads + 2 kv_heads) * head_dim, hidden]
    q_norm: tr.Tensor[Any]  # [head_dim]
    k_norm: tr.Tensor[Any]  # [head_dim]
    o: tr.Tensor[Any]  # [hidden, heads * head_dim]
    mlp_norm: tr.Tensor[Any]  # [hidden]
    gate_up: tr.Tensor[Any]  # [2, intermediate, hidden]
    down: tr.Tensor[Any]  # [hidden, intermediate]

    def tensors(self) -> tuple[tr.Tensor[Any], ...]:
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self))


@dataclasses.dataclass(frozen=True)
class Weights:
    config: Qwen3Config
    embed: tr.Tensor[Any]  # [vocab, hidden]
    layers: tuple[Layer, ...]
    norm: tr.Tensor[Any]  # [hidden]
    lm_head: tr.Tensor[Any]  # [vocab, hidden]: the embedding itself when tied
    # (rank, world size): which slice of a tensor-parallel model these are (``parallel.shard``;
    # ``config`` is then the slice's: its heads and MLP width divided by the world size)
    shard: tuple[int, int] = (0, 1)

    @property
    def dtype(self) -> type[tr.DType]:
        return self.embed.dtype

    def decode_bytes(self) -> int:
        """Bytes of weights one decode step reads: every layer's, the final norm and the LM
        head (of the embedding, one row)."""
        layers = sum(t.nbytes for layer in self.layers for t in layer.tensors())
        return layers + self.norm.nbytes + self.lm_head.nbytes


def _shapes(c: Qwen3Config) -> dict[str, tuple[int, ...]]:
    """The Hugging Face names of one layer's tensors (after ``model.layers.N.``), shaped."""
    d, hd = c.hidden_size, c.head_dim
    q, kv = c.num_attention_heads * hd, c.num_key_value_heads * hd
    return {
        "input_layernorm.weight": (d,),
        "self_attn.q_proj.weight": (q, d),
        "self_attn.k_proj.weight": (kv, d),
        "self_attn.v_proj.weight": (kv, d),
        "self_attn.q_norm.weight": (hd,),
        "self_attn.k_norm.weight": (hd,),
        "self_attn.o_proj.weight": (d, q),
        "post_attention_layernorm.weight": (d,),
        "mlp.gate_proj.weight": (c.intermediate_size, d),
        "mlp.up_proj.weight": (c.intermediate_size, d),
        "mlp.down_proj.weight": (d, c.intermediate_size),
    }


def _build(c: Qwen3Config, get: Callable[[str, tuple[int, ...]], Array]) -> Weights:
    """Weights from ``get(name, shape)``, which returns the array of a Hugging Face name in the
    target dtype; one layer's arrays at a time are alive on the host."""
    d = c.hidden_size
    embed = tr.from_numpy(get("model.embed_tokens.weight", (c.vocab_size, d)), name="embed")
    layers = []
    for n in range(c.num_hidden_layers):
        a = {k: get(f"model.layers.{n}.{k}", s) for k, s in _shapes(c).items()}
        qkv = [a[f"self_attn.{p}_proj.weight"] for p in "qkv"]
        gate_up = [a["mlp.gate_proj.weight"], a["mlp.up_proj.weight"]]
        layers.append(
            Layer(
                attn_norm=tr.from_numpy(a["input_layernorm.weight"]),
                qkv=tr.from_numpy(np.concatenate(qkv), name=f"layer {n} qkv"),
                q_norm=tr.from_numpy(a["self_attn.q_norm.weight"]),
                k_norm=tr.from_numpy(a["self_attn.k_norm.weight"]),
                o=tr.from_numpy(a["self_attn.o_proj.weight"], name=f"layer {n} o_proj"),
                mlp_norm=tr.from_numpy(a["post_attention_layernorm.weight"]),
                gate_up=tr.from_numpy(np.stack(gate_up), name=f"layer {n} gate_up"),
                down=tr.from_numpy(a["mlp.down_proj.weight"], name=f"layer {n} down_proj"),
            )
        )
    norm = tr.from_numpy(get("model.norm.weight", (d,)))
    lm_head = (
        embed
        if c.tie_word_embeddings
        else tr.from_numpy(get("lm_head.weight", (c.vocab_size, d)), name="lm_head")
    )
    return Weights(c, embed, tuple(layers), norm, lm_head)


# -- checkpoints --------------------------------------------------------------------------------
class Checkpoint:
    """The tensors of a Hugging Face checkpoint folder by name: ``model.safetensors``, or the
    shards ``model.safetensors.index.json`` maps names to, or every ``*.safetensors`` file."""

    def __init__(self, model_dir: str | Path) -> None:
        try:
            from safetensors import safe_open
        except ImportError:  # an optional dependency (the `models` extra)
            raise ImportError(
                "reading checkpoints needs safetensors: pip install 'tilecheck[models]'"
            ) from None
        self._open = safe_open
        self.dir = Path(model_dir)
        self.files = self._map()

    def _map(self) -> dict[str, Path]:
        index = self.dir / "model.safetensors.index.json"
        if index.exists():
            try:
                weight_map = json.loads(index.read_text())["weight_map"]
                return {name: self.dir / file for name, file in weight_map.items()}
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
                raise WeightsError(f"{index}: not a safetensors index ({exc!r})") from None
        files = sorted(self.dir.glob("*.safetensors"))
        if not files:
            raise WeightsError(f"{self.dir}: no *.safetensors files")
        found: dict[str, Path] = {}
        for path in files:
            with self._reading(path) as f:
                found.update(dict.fromkeys(f.keys(), path))
        return found

    def _reading(self, path: Path) -> Any:
        if not path.is_file():
            raise WeightsError(f"{path}: missing (the checkpoint names it)")
        try:
            return self._open(str(path), framework="numpy")
        except Exception as exc:  # safetensors raises its own error types
            raise WeightsError(f"{path}: not a readable safetensors file: {exc}") from None

    def read(self, name: str, shape: tuple[int, ...], dtype: type[tr.DType]) -> Array:
        """Tensor ``name`` as ``dtype``, checked to have ``shape``."""
        path = self.files.get(name)
        if path is None:
            raise WeightsError(f"{self.dir}: no tensor {name!r} in the checkpoint")
        with self._reading(path) as f:
            try:
                array: Array = f.get_tensor(name)
            except Exception as exc:
                raise WeightsError(f"{path}: cannot read {name!r}: {exc}") from None
        if tuple(array.shape) != shape:
            raise WeightsError(f"{path}: {name!r} has shape {tuple(array.shape)}, expected {shape}")
        if array.dtype.kind != "f" and array.dtype != ml_dtypes.bfloat16:
            raise WeightsError(f"{path}: {name!r} is {array.dtype}, not floating point")
        return array.astype(dtype.np_dtype, copy=False)


def load_weights(model_dir: str | Path, config: Qwen3Config, dtype: type[tr.DType]) -> Weights:
    """The weights of the checkpoint in ``model_dir``, converted to ``dtype``."""
    checkpoint = Checkpoint(model_dir)
    return _build(config, lambda name, shape: checkpoint.read(name, shape, dtype))


# -- random weights ----------------------------------------------------------------------------
def random_weights(config: Qwen3Config, dtype: type[tr.DType], seed: int = 0) -> Weights:
    """Weights as transformers initializes a Qwen3 model (matrices of standard deviation 0.02,
    here uniform; norms 1), each matrix filled on the device by ``fill_uniform`` from its own
    seed (``seed``, ``seed + 1``, ...)."""
    c = config
    seeds = iter(range(seed, seed + 4 * c.num_hidden_layers + 2))
    bound = 0.02 * math.sqrt(3.0)

    def matrix(*shape: int) -> tr.Tensor[Any]:
        t = tr.empty(shape, dtype=dtype)
        fill_uniform(t, next(seeds), -bound, bound).sync()
        return t

    def ones(n: int) -> tr.Tensor[Any]:
        return tr.ones((n,), dtype=dtype)

    d, hd, inter = c.hidden_size, c.head_dim, c.intermediate_size
    embed = matrix(c.vocab_size, d)
    layers = tuple(
        Layer(
            attn_norm=ones(d),
            qkv=matrix(c.qkv_size, d),
            q_norm=ones(hd),
            k_norm=ones(hd),
            o=matrix(d, c.num_attention_heads * hd),
            mlp_norm=ones(d),
            gate_up=matrix(2, inter, d),
            down=matrix(d, inter),
        )
        for _ in range(c.num_hidden_layers)
    )
    lm_head = embed if c.tie_word_embeddings else matrix(c.vocab_size, d)
    return Weights(c, embed, layers, ones(d), lm_head)
