"""A seeded random number generator of our own (PCG32, XSH RR variant).

Python's ``random`` is not guaranteed to give the same sequence across versions; this one is
integer arithmetic only, so CPython 3.11 and Pyodide's 3.14 produce identical sequences.
Its whole state is one int, so it lives in a game state and survives save/replay.
"""

import json

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # odd, fixed stream


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def derive_seed(*parts) -> int:
    """A 53-bit seed from any JSON-able parts (e.g. a date string, a game seed and a seat).

    53 bits so a seed is exact in JavaScript numbers too.
    """
    import hashlib      # here: the page's first screen draws no game, and hashlib slows a boot

    blob = json.dumps(parts, sort_keys=True, separators=(",", ":")).encode()
    return int.from_bytes(hashlib.sha256(blob).digest()[:8], "big") >> 11


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        return cls(_splitmix64(seed & _MASK64))

    def u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n == 1:
            return 0
        if n > 1 << 32:
            raise ValueError("n too large")
        threshold = ((1 << 32) - n) % n
        while True:
            r = self.u32()
            if r >= threshold:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi] (both ends included)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 bits."""
        return ((self.u32() >> 5) * 67108864 + (self.u32() >> 6)) / 9007199254740992.0

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> list:
        """Fisher–Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
