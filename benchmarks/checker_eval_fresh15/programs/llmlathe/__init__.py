"""llmlathe: a small helper package for the fifteenth held-out set (kernels and host helpers)."""
