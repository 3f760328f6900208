"""llmforge: a small local kernel package for the sixth fresh held-out set."""
