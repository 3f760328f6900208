"""A tiny random Qwen3 checkpoint in the Hugging Face layout (config.json and safetensors
files, one or several shards with their index), written by the tests themselves: two layers,
hidden 64, 4 query heads on 2 KV heads of 16, MLP 96, vocabulary 256."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]

TINY: dict[str, Any] = {
    "model_type": "qwen3",
    "hidden_size": 64,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "intermediate_size": 96,
    "vocab_size": 256,
    "rope_theta": 1e6,
    "rms_norm_eps": 1e-6,
    "tie_word_embeddings": True,
    "max_position_embeddings": 512,
}


def tensors(config: dict[str, Any], seed: int = 0) -> dict[str, Array]:
    """Random f32 tensors by Hugging Face name: matrices of standard deviation 0.2 (large
    enough that the logits separate), norm weights around 1 (so a norm that drops its weight,
    or takes another's, shows)."""
    rng = np.random.default_rng(seed)
    d, hd, inter = config["hidden_size"], config["head_dim"], config["intermediate_size"]
    q, kv = config["num_attention_heads"] * hd, config["num_key_value_heads"] * hd

    def mat(*shape: int) -> Array:
        return (rng.standard_normal(shape) * 0.2).astype(np.float32)

    def norm(n: int) -> Array:
        return (1.0 + 0.2 * rng.standard_normal(n)).astype(np.float32)

    out = {"model.embed_tokens.weight": mat(config["vocab_size"], d), "model.norm.weight": norm(d)}
    if not config["tie_word_embeddings"]:
        out["lm_head.weight"] = mat(config["vocab_size"], d)
    for n in range(config["num_hidden_layers"]):
        p = f"model.layers.{n}."
        out[p + "input_layernorm.weight"] = norm(d)
        out[p + "self_attn.q_proj.weight"] = mat(q, d)
        out[p + "self_attn.k_proj.weight"] = mat(kv, d)
        out[p + "self_attn.v_proj.weight"] = mat(kv, d)
        out[p + "self_attn.q_norm.weight"] = norm(hd)
        out[p + "self_attn.k_norm.weight"] = norm(hd)
        out[p + "self_attn.o_proj.weight"] = mat(d, q)
        out[p + "post_attention_layernorm.weight"] = norm(d)
        out[p + "mlp.gate_proj.weight"] = mat(inter, d)
        out[p + "mlp.up_proj.weight"] = mat(inter, d)
        out[p + "mlp.down_proj.weight"] = mat(d, inter)
    return out


def write(folder: Path, config: dict[str, Any], weights: dict[str, Array], shards: int = 1) -> Path:
    """``folder`` as a checkpoint: config.json and ``model.safetensors``, or ``shards`` files
    ``model-0000i-of-0000n.safetensors`` with ``model.safetensors.index.json``."""
    from safetensors.numpy import save_file

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config))
    if shards == 1:
        save_file(weights, str(folder / "model.safetensors"))
        return folder
    names = sorted(weights)
    weight_map: dict[str, str] = {}
    for i in range(shards):
        file = f"model-{i + 1:05d}-of-{shards:05d}.safetensors"
        part = {name: weights[name] for name in names[i::shards]}
        save_file(part, str(folder / file))
        weight_map.update(dict.fromkeys(part, file))
    index = {"metadata": {}, "weight_map": weight_map}
    (folder / "model.safetensors.index.json").write_text(json.dumps(index))
    return folder
