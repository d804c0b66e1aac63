"""Command line: ``python -m bodoge selfplay …`` and ``python -m bodoge decode CODE``."""

import argparse
import json
import sys

from .core.errors import BadCode, BadOptions
from .core.match import Match
from .core.record import MAX_CODE_CHARS
from .core.selfplay import selfplay


def _selfplay(args) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        result = selfplay(args.game, args.players, bots, args.games, args.seed,
                          json.loads(args.options) if args.options else None)
    except (BadOptions, KeyError, ValueError) as e:
        print(f"bodoge: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False))
    return 0


def _decode(args) -> int:
    """One JSON line and status 0, or one line on stderr and status 2 for any bad code."""
    from .core import public

    if args.code == "-":      # bytes: text that is not UTF-8 is a bad code, not a traceback
        limit = max(MAX_CODE_CHARS, public.MAX_CODE_CHARS)
        code = sys.stdin.buffer.read(limit * 4 + 1).decode("utf-8", "replace")
    else:
        code = args.code
    try:
        if public.is_public(code):     # a replay link of a game in progress: what spectators saw
            pm = public.PublicMatch.from_code(code)
            pub = pm.pub
            line = json.dumps({"game": pub.game, "rules_version": pub.version, "options": pub.options,
                               "public": True, "meta": pub.meta, "movers": pub.movers,
                               "moves": len(pub.movers), "outcome": pm.outcome()},
                              ensure_ascii=False, allow_nan=False)
            print(line)
            return 0
        match = Match.from_code(code)
        rec = match.record
        line = json.dumps({"game": rec.game, "rules_version": rec.version, "options": rec.options,
                           "seed": rec.seed, "meta": rec.meta, "moves": rec.moves,
                           "outcome": match.outcome()}, ensure_ascii=False, allow_nan=False)
    except BadCode as e:
        print(f"bodoge: bad save code: {e}", file=sys.stderr)
        return 2
    print(line)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bodoge")
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="bots play each other; prints one JSON line")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, default=2)
    sp.add_argument("--bots", default="strong,normal", help="levels, one per seat (repeated)")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--options", help="extra game options as JSON")
    sp.set_defaults(run=_selfplay)
    dp = sub.add_parser("decode", help="print a save code's record and outcome (of a public "
                                       "code: who moved, and the outcome)")
    dp.add_argument("code", help="the code, a share link, or - to read it from stdin")
    dp.set_defaults(run=_decode)
    args = parser.parse_args(argv)
    return args.run(args)
