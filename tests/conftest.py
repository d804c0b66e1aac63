import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "py"))

# The browser fixtures, shared by tests/e2e/ and every game's test_e2e.py.
pytest_plugins = ["e2e.harness"]
