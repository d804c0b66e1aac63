"""Draw the app icons (PNG, no dependencies): a white algo card and a black one.

Run once after changing the design: python tools/make_icons.py (writes web/icons/).
"""

import os
import struct
import zlib

BG = (35, 38, 46)
WHITE = (251, 250, 246)
BLACK = (20, 21, 25)
EDGE = (200, 196, 186)


def rounded(x, y, x0, y0, x1, y1, r):
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


SEGMENTS = {"0": "abcdef", "1": "bc", "7": "abc", "?": "abgd"}


def seven(x, y, ox, oy, w, hgt, t, digit):
    """A seven-segment digit with its box at (ox, oy), size w × hgt, stroke t."""
    segs = SEGMENTS[digit]
    boxes = {"a": (ox, oy, ox + w, oy + t), "g": (ox, oy + hgt / 2 - t / 2, ox + w, oy + hgt / 2 + t / 2),
             "d": (ox, oy + hgt - t, ox + w, oy + hgt),
             "f": (ox, oy, ox + t, oy + hgt / 2), "b": (ox + w - t, oy, ox + w, oy + hgt / 2),
             "e": (ox, oy + hgt / 2, ox + t, oy + hgt), "c": (ox + w - t, oy + hgt / 2, ox + w, oy + hgt)}
    return any(boxes[s][0] <= x <= boxes[s][2] and boxes[s][1] <= y <= boxes[s][3] for s in segs)


def pixel(u, v, maskable):
    """Colour at (u, v) in [0, 1]²."""
    if not maskable and not rounded(u, v, 0, 0, 1, 1, 0.18):
        return None
    col = BG
    s = 0.8 if maskable else 1.0      # maskable icons keep the art in the middle 80%
    x, y = (u - 0.5) / s + 0.5, (v - 0.5) / s + 0.5
    if rounded(x, y, 0.14, 0.2, 0.56, 0.86, 0.05):
        col = EDGE if not rounded(x, y, 0.155, 0.215, 0.545, 0.845, 0.04) else WHITE
        if seven(x, y, 0.21, 0.38, 0.16, 0.3, 0.045, "7"):
            col = BLACK
    if rounded(x, y, 0.44, 0.12, 0.86, 0.78, 0.05):
        col = EDGE if not rounded(x, y, 0.455, 0.135, 0.845, 0.765, 0.04) else BLACK
        if seven(x, y, 0.56, 0.28, 0.18, 0.34, 0.045, "0"):
            col = WHITE
    return col


def png(size, maskable):
    ss = 3
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    c = pixel((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size, maskable)
                    if c is not None:
                        acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; acc[3] += 255
            n = ss * ss
            a = acc[3] // n
            row += bytes([acc[0] // max(1, acc[3] // 255), acc[1] // max(1, acc[3] // 255),
                          acc[2] // max(1, acc[3] // 255), a]) if a else bytes(4)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(__file__), "..", "web", "icons")
    os.makedirs(out, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        with open(os.path.join(out, name), "wb") as f:
            f.write(png(size, maskable))
        print("wrote", name)
