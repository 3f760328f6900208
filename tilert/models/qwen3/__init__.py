"""A batch-1 Qwen3 inference engine written in tilert (docs/models.md): every device
computation is a tilert kernel, the KV cache a tilert tensor whose per-layer views the ops
that write them borrow, the prompt run with flash attention and each token a decode step
captured once in a ``tr.graph()`` and replayed.

    weights = load_weights(path, load_config(path), tr.bf16)   # or random_weights(SIZES["4B"], ...)
    engine = Qwen3(weights, max_seq=4096)
    for token in engine.generate(tokenizer.encode("Hello"), max_new_tokens=32): ...

``python -m tilert.models.qwen3 --model DIR --prompt "..." --max-new-tokens N`` (or
``--random 4B``) streams the text and prints tokens per second; on several GPUs, tensor
parallel: ``python -m tilert.distributed.run -n 2 -m tilert.models.qwen3 --tp 2 ...``
(``Qwen3TP`` with each rank's ``shard`` of the weights)."""

from __future__ import annotations

from tilert.models.qwen3.config import SIZES, Qwen3Config, load_config
from tilert.models.qwen3.engine import Qwen3
from tilert.models.qwen3.parallel import Qwen3TP, shard
from tilert.models.qwen3.tokenizer import TextStream, load_tokenizer
from tilert.models.qwen3.weights import Weights, WeightsError, load_weights, random_weights

__all__ = [
    "SIZES",
    "Qwen3",
    "Qwen3Config",
    "Qwen3TP",
    "TextStream",
    "Weights",
    "WeightsError",
    "load_config",
    "load_tokenizer",
    "load_weights",
    "random_weights",
    "shard",
]
