"""Canonical JSON and state hashes (sha256; never Python's ``hash()``, which is salted)."""

import json


def canonical_json(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def state_hash(state) -> str:
    import hashlib      # here: the page's first screen needs none, and hashlib slows a boot

    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()
