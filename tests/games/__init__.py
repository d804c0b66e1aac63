"""The games' tests: each game's folder, and the protocol suite over all of them (test_protocol.py,
with its machinery in suite.py)."""
