"""A small kernel package for the fifth fresh held-out set (written from the docs)."""
