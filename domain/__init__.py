"""shiplog's rules: pure Python, no I/O. `domain.core` is shared; each game is a sibling package."""
