"""llmforge: a small kernel package written for the tenth held-out set, from the docs."""
