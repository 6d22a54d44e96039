"""The project's benchmarks: each module is a script (``python bench/NAME.py`` or ``python -m
bench.NAME``) that measures one part against its goals; ``RESULTS.md`` keeps the figures."""
