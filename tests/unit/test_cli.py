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
