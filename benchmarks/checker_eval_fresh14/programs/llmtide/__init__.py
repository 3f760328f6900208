"""llmtide: a small kernel package for the fourteenth held-out set, written from the docs."""
