"""Play Me!'s two-player race, solved: the chance that the player about to act wins the round,
over every roll to come, when both play their best. The strong bot weighs each action by it
(``bots.StrongBot``): its look-ahead on the dice.

The model keeps what decides a race between two players acting in turn (at equal reaction
times, real time comes close to that): a position is ``(a, b, c, d)``, the mover's own dice on
its card ``a`` (0–6) and whether a die of the other stands on it as a block ``b``, and the same
``c``, ``d`` for the other player. The mover's hand is every die not on a card, ``6 - a - d``;
it rolls them all and may then

* catch the rabbit, once its card holds 1–6 and nothing else;
* advance (a die showing ``a + 1``; not while blocked) or unblock (the same number: the block
  went onto the next slot, so it shows ``a + 1`` as well), which is the only thing a blocked
  player can do with that die;
* block the other (a die showing ``c + 1``, with another die left to roll; one block a card);
* roll again, when it can neither advance nor unblock.

Characters' powers, other players and the Jabberwocky are outside the model: the bot maps what
it sees onto it (``bots.StrongBot.pair``). Values are found by value iteration (Gauss–Seidel)
and kept in ``TABLE`` (four decimals), so a page never solves anything; a test solves again and
compares. ``python -m bodoge.games.playme.race`` prints a fresh table.
"""

STATES = tuple((a, b, c, d) for a in range(7) for b in range(2) for c in range(7) for d in range(2)
               if not (a == 6 and b) and not (c == 6 and d))


def outcomes(k, mine, theirs):
    """What a roll of ``k`` dice offers: ``[(chance, has mine, has theirs)]`` for the faces the
    mover needs (``mine``: to advance or unblock) and could block with (``theirs``, or None)."""
    if k <= 0:
        return [(1.0, False, False)]
    miss1, miss2 = (5 / 6) ** k, (4 / 6) ** k
    if theirs is None:
        return [(miss1, False, False), (1 - miss1, True, False)]
    if theirs == mine:
        return [(miss1, False, False), (1 - miss1, True, True)]
    return [(miss2, False, False), (miss1 - miss2, True, False), (miss1 - miss2, False, True),
            (1 - 2 * miss1 + miss2, True, True)]


def choices(state):
    """The mover's choices after each roll: ``[(chance, [(action, next position)])]`` (the next
    position as the mover sees it), or "win" when it catches the rabbit now."""
    a, b, c, d = state
    if a == 6 and not b:
        return "win"
    k = 6 - a - d
    can_block = not d and c < 6 and k >= 2
    out = []
    for chance, mine, theirs in outcomes(k, a + 1, c + 1 if can_block else None):
        acts = []
        if mine:
            acts.append(("unblock", (a, 0, c, d)) if b else ("advance", (a + 1, 0, c, d)))
        else:
            acts.append(("roll", state))
        if theirs:
            acts.append(("block", (a, b, c, 1)))
        out.append((chance, acts))
    return out


def flip(state):
    a, b, c, d = state
    return (c, d, a, b)


def solve(tol=1e-12, rounds=5000):
    """``{position: chance that its mover wins}`` (both play their best)."""
    value = {s: 0.5 for s in STATES}
    acts = {s: choices(s) for s in STATES}
    for _ in range(rounds):
        delta = 0.0
        for s in STATES:
            options = acts[s]
            if options == "win":
                v = 1.0
            else:
                v = sum(chance * max(1 - value[flip(t)] for _, t in moves)
                        for chance, moves in options)
            delta = max(delta, abs(v - value[s]))
            value[s] = v
        if delta < tol:
            break
    return value


# The solved values, in the order of STATES (``table_text(solve())``).
_STORED = (
    0.5029, 0.5110, 0.4941, 0.5015, 0.4750, 0.4859, 0.4517, 0.4639, 0.4174, 0.4319,
    0.3528, 0.3881, 0.0000, 0.4949, 0.5022, 0.4851, 0.4912, 0.4684, 0.4753, 0.4468,
    0.4545, 0.4151, 0.4246, 0.3583, 0.3822, 0.0000, 0.5198, 0.5235, 0.5038, 0.5138,
    0.4911, 0.5014, 0.4639, 0.4794, 0.4252, 0.4448, 0.3536, 0.3997, 0.0000, 0.5066,
    0.5119, 0.4930, 0.5024, 0.4799, 0.4884, 0.4560, 0.4662, 0.4213, 0.4341, 0.3617,
    0.3920, 0.0000, 0.5390, 0.5407, 0.5262, 0.5302, 0.5053, 0.5187, 0.4848, 0.5008,
    0.4391, 0.4646, 0.3569, 0.4169, 0.0000, 0.5228, 0.5276, 0.5082, 0.5152, 0.4895,
    0.5028, 0.4700, 0.4833, 0.4313, 0.4489, 0.3680, 0.4069, 0.0000, 0.5642, 0.5629,
    0.5547, 0.5546, 0.5386, 0.5418, 0.5086, 0.5274, 0.4678, 0.4945, 0.3687, 0.4430,
    0.0000, 0.5439, 0.5478, 0.5309, 0.5369, 0.5111, 0.5208, 0.4828, 0.5031, 0.4493,
    0.4721, 0.3811, 0.4306, 0.0000, 0.6029, 0.5944, 0.5977, 0.5887, 0.5880, 0.5792,
    0.5671, 0.5621, 0.5164, 0.5360, 0.4091, 0.4835, 0.0000, 0.5744, 0.5770, 0.5639,
    0.5680, 0.5471, 0.5541, 0.5193, 0.5317, 0.4743, 0.5023, 0.4125, 0.4711, 0.0000,
    0.7060, 0.6417, 0.7053, 0.6383, 0.7026, 0.6320, 0.6927, 0.6189, 0.6591, 0.5875,
    0.5455, 0.5455, 0.0000, 0.6178, 0.6178, 0.6080, 0.6080, 0.5931, 0.5931, 0.5694,
    0.5694, 0.5289, 0.5289, 0.4545, 0.5000, 0.0000, 1.0000, 1.0000, 1.0000, 1.0000,
    1.0000, 1.0000, 1.0000, 1.0000, 1.0000, 1.0000, 1.0000, 1.0000, 1.0000,
)

TABLE = dict(zip(STATES, _STORED))


def win_chance(a, b, c, d):
    """The chance that the mover wins from ``(a, b, c, d)`` (clamped into the model)."""
    a, c = max(0, min(6, a)), max(0, min(6, c))
    b = 0 if a == 6 else (1 if b else 0)
    d = 0 if c == 6 else (1 if d else 0)
    return TABLE[(a, b, c, d)]


def after(a, b, c, d):
    """The chance of the player who just acted, now at ``(a, b, c, d)``, once the other moves."""
    a, c = max(0, min(6, a)), max(0, min(6, c))
    b = 0 if a == 6 else (1 if b else 0)
    d = 0 if c == 6 else (1 if d else 0)
    return 1 - TABLE[(c, d, a, b)]


def table_text(value, per_line=10):
    nums = [f"{value[s]:.4f}" for s in STATES]
    lines = [", ".join(nums[i:i + per_line]) + "," for i in range(0, len(nums), per_line)]
    return "_STORED = (\n" + "\n".join("    " + line for line in lines) + "\n)\n"


if __name__ == "__main__":
    print(table_text(solve()))
