"""A small local package of kernels and helpers that the held-out programs import."""
