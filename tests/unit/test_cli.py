import json
import os
import subprocess
import sys

from bodoge.core.match import Match

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def run(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    return subprocess.run([sys.executable, "-m", "bodoge", *args], capture_output=True, text=True,
                          env=env, input=stdin)


def test_selfplay_prints_one_json_line():
    out = run("selfplay", "algo", "--players", "2", "--bots", "strong,normal", "--games", "6", "--seed", "1")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert set(data["wins"]) == {"strong", "normal"}
    assert sum(data["wins"].values()) + data["draws"] == 6
    assert set(data["decision_ms"]["strong"]) == {"mean", "p95"}
    assert data["rounds"] == 12                 # 2 players: 2 rounds per game
    again = json.loads(run("selfplay", "algo", "--players", "2", "--bots", "strong,normal",
                           "--games", "6", "--seed", "1").stdout)
    assert again["wins"] == data["wins"]        # seeded: the same games


def test_decode_prints_record_and_outcome():
    code = Match.new("algo", {"players": 3}, 5).code()
    out = run("decode", code)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "algo" and data["options"] == {"players": 3} and data["outcome"] is None
    assert json.loads(run("decode", "-", stdin=f"https://x/#load={code}\n").stdout)["seed"] == 5


def test_decode_bad_code_is_one_clear_line():
    out = run("decode", "certainly-not-a-code!")
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.strip().count("\n") == 0 and "not a bodoge save code" in out.stderr
    assert "Traceback" not in out.stderr


def _text(text):
    import base64
    import zlib
    blob = bytes([1]) + zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    return base64.urlsafe_b64encode(blob).decode().rstrip("=")


def test_decode_every_bad_code_is_status_2_and_one_line():
    """Deep nesting and lone surrogates gave tracebacks; random text was "made by a newer
    version"; bytes that are not UTF-8 on stdin are a bad code too."""
    meta = '{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[],"x":{"k":%s}}'
    cases = [_text("[" * 100_000), _text(meta % '"\\ud800"'), _text(meta % "NaN"),
             "hello world", "zzzzzzzz"]
    for code in cases:
        out = run("decode", code)
        assert out.returncode == 2, (code[:40], out.stdout, out.stderr)
        assert out.stdout == "" and "Traceback" not in out.stderr
        assert out.stderr.count("\n") == 1 and len(out.stderr) < 260
        assert "newer version" not in out.stderr
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    out = subprocess.run([sys.executable, "-m", "bodoge", "decode", "-"], capture_output=True,
                         env=env, input=b"\xff\xfe\x00 not utf-8")
    assert out.returncode == 2 and b"Traceback" not in out.stderr and out.stdout == b""


def test_decode_output_is_always_valid_json():
    """Whatever the meta holds (names in any script), the output is strict JSON."""
    meta = '{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[],"x":{"seats":[{"name":"あ😀\\u2028"}]}}'
    out = run("decode", _text(meta))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout, parse_constant=lambda c: pytest_fail(c))
    assert data["meta"]["seats"][0]["name"] == "あ😀\u2028"


def pytest_fail(what):
    raise AssertionError(f"{what} in the output")


def test_decode_of_a_public_code_says_who_moved_and_nothing_hidden():
    from bodoge.core.public import share_code

    m = Match.new("alter", {"players": 4}, 5, {"seats": [{"name": "Aki"}]})
    from bodoge.core.bot import think

    bots = [m.game.make_bot("easy", s, s) for s in range(4)]
    for _ in range(10):
        s = m.to_move()[0]
        m.play(s, think(bots[s], m.view(s)))
    out = run("decode", "https://x/#replay=" + share_code(m) + "&move=3")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["public"] is True and data["moves"] == 10 and "seed" not in data
    assert data["movers"] == [s for s, _ in m.record.moves] and data["outcome"] is None
    out = run("decode", "-", stdin=share_code(m)[:-20])
    assert out.returncode == 2 and out.stderr.startswith("bodoge: bad save code:")
