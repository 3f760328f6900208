"""llmkiln: small elementwise kernels and host helpers for the eighteenth held-out set."""

from llmkiln import host, kernels

__all__ = ["host", "kernels"]
