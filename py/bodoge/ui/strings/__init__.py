"""String tables: one module per game (plus ``common``), each with ``EN`` and ``JA``."""
