"""A small kernel package for the ninth fresh held-out set, written from the docs."""
