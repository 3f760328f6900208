"""Kernels and small helpers shared by the evaluation programs."""
