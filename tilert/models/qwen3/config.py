"""Qwen3's hyperparameters: read from a checkpoint's ``config.json`` (the Hugging Face layout),
or one of the released sizes for random weights (``--random 4B``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any


@dataclasses.dataclass(frozen=True)
class Qwen3Config:
    """The shapes and constants the engine needs (the names are config.json's)."""

    hidden_size: int
    num_hidden_layers: int
    num_attention_heads: int
    num_key_value_heads: int
    intermediate_size: int
    head_dim: int = 128
    vocab_size: int = 151936
    tie_word_embeddings: bool = True
    rope_theta: float = 1e6
    rms_norm_eps: float = 1e-6
    eos_token_ids: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.num_attention_heads % self.num_key_value_heads:
            raise ValueError(
                f"num_key_value_heads ({self.num_key_value_heads}) must divide "
                f"num_attention_heads ({self.num_attention_heads})"
            )
        if self.head_dim < 2 or self.head_dim & (self.head_dim - 1):
            raise ValueError(f"head_dim must be a power of two, got {self.head_dim}")

    @property
    def qkv_size(self) -> int:
        """Rows of the fused q, k, v projection."""
        return (self.num_attention_heads + 2 * self.num_key_value_heads) * self.head_dim

    def parameters(self) -> int:
        """Parameters of the weights the engine keeps (the embedding once when tied)."""
        d, h = self.hidden_size, self.num_attention_heads * self.head_dim
        layer = d * self.qkv_size + h * d + 3 * d * self.intermediate_size
        layer += 2 * d + 2 * self.head_dim
        lm_head = 0 if self.tie_word_embeddings else self.vocab_size * d
        return self.num_hidden_layers * layer + self.vocab_size * d + lm_head + d


# The released Qwen3 dense models' shapes (their config.json files): hidden, layers, query
# heads, KV heads, MLP width; head_dim 128, vocabulary 151936, rope_theta 1e6, eps 1e-6 for
# all. "tiny" is not a release: a shape small enough for the interpreter (tests, smoke runs).
SIZES: dict[str, Qwen3Config] = {
    "0.6B": Qwen3Config(1024, 28, 16, 8, 3072),
    "1.7B": Qwen3Config(2048, 28, 16, 8, 6144),
    "4B": Qwen3Config(2560, 36, 32, 8, 9728),
    "8B": Qwen3Config(4096, 36, 32, 8, 12288, tie_word_embeddings=False),
    "tiny": Qwen3Config(64, 2, 4, 2, 128, head_dim=16, vocab_size=256),
}


def load_config(model_dir: str | Path) -> Qwen3Config:
    """The config of the checkpoint in ``model_dir``; errors name the file and the key."""
    path = Path(model_dir) / "config.json"
    try:
        raw = json.loads(path.read_text())
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}: no config.json (is {model_dir} a checkpoint?)") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read it as JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a JSON object, got {type(raw).__name__}")
    return from_dict(raw, str(path))


def from_dict(raw: dict[str, Any], where: str = "config") -> Qwen3Config:
    """A ``Qwen3Config`` from config.json's fields, refusing what the engine does not run."""
    model_type = raw.get("model_type", "qwen3")
    if model_type != "qwen3":
        raise ValueError(f"{where}: model_type {model_type!r} is not qwen3")
    if raw.get("attention_bias"):
        raise ValueError(f"{where}: attention_bias is not supported (Qwen3 has none)")

    def field(name: str, kind: type[Any], default: Any = None) -> Any:
        value = raw.get(name, default)
        if value is None:
            raise ValueError(f"{where}: missing {name!r}")
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"{where}: {name!r} must be {kind.__name__}, got {value!r}")
        return value

    values = {
        name: field(name, int)
        for name in (
            "hidden_size",
            "num_hidden_layers",
            "num_attention_heads",
            "num_key_value_heads",
            "intermediate_size",
            "head_dim",
            "vocab_size",
        )
    }
    values["rope_theta"] = _rope_theta(raw, where)
    values["rms_norm_eps"] = field("rms_norm_eps", float)
    # transformers' Qwen3Config default, where a saved config leaves it out
    values["tie_word_embeddings"] = field("tie_word_embeddings", bool, False)
    eos = raw.get("eos_token_id")
    eos_ids = tuple(eos) if isinstance(eos, list) else (eos,) if isinstance(eos, int) else ()
    try:
        return Qwen3Config(**values, eos_token_ids=eos_ids)
    except ValueError as exc:  # shapes that disagree
        raise ValueError(f"{where}: {exc}") from None


PLAIN = (None, "default")  # rope_type of unscaled RoPE


def _rope_theta(raw: dict[str, Any], where: str) -> float:
    """RoPE's base: ``rope_theta`` (transformers 4), or ``rope_parameters["rope_theta"]``
    (transformers 5); scaled RoPE (YaRN and the like) is refused."""
    params = raw.get("rope_parameters") or raw.get("rope_scaling") or {}
    plain = isinstance(params, dict) and params.get("rope_type", params.get("type")) in PLAIN
    if not plain:
        raise ValueError(f"{where}: RoPE {params!r}: only plain RoPE is supported")
    theta = raw.get("rope_theta", params.get("rope_theta"))
    if isinstance(theta, bool) or not isinstance(theta, (int, float)) or theta <= 1:
        raise ValueError(f"{where}: missing or bad rope_theta ({theta!r})")
    return float(theta)
