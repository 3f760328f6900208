"""A small local kernel package for the fourth fresh held-out set (kernels and host helpers)."""
