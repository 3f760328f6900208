"""llmquill: small f32 kernels and host helpers for the sixteenth held-out set."""
