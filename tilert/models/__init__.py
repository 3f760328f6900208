"""Models written in tilert: whole networks whose every device computation is a tilert kernel,
run under the same ownership rules as any tilert program. ``tilert.models.qwen3`` is a batch-1
Qwen3 inference engine (``python -m tilert.models.qwen3 --help``; docs/models.md)."""
