"""llmkit: a small helper package for the eleventh held-out set (kernels and host helpers)."""
