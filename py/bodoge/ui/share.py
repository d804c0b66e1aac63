"""The Share dialog of a game: what each link holds, and which is offered first.

* **While the game is in progress** the dialog offers, first, the *replay link*: a replay of the
  game so far as a spectator sees it, from a public record (``core.public``: no seed, nothing
  from which a hidden card or a draw to come could be computed), for anyone to watch. The save
  code and its link (the whole record, seed and moves: to go on with the game on another
  device) are under a disclosure that says what they are ("Continue on another device: this
  code contains every hidden card"), closed: never the default.
* **Once the game is over** nothing is hidden any more: the save code, its link, and the replay
  link of the whole record (every card turned up).

The play screen draws it (``PlayScreen.render_share``) and copies from it (``copy`` with
``code``, ``link`` or ``replay``); ``watch_code`` is the code a replay link gets.
"""

from .html import h


def watch_code(match):
    """The code of a link meant for others to watch ``match``: its public record while the
    game is in progress, the whole record once it is over (``core.public.share_code``)."""
    from ..core.public import share_code

    return share_code(match)


def share_body(screen):
    """The Share dialog's body for ``screen`` (a play screen: its ``match``, ``t``,
    ``share_link``, ``replay_link`` and ``replay_href``)."""
    t = screen.t
    match = screen.match
    replay = [h("label", {"for": "share-replay"}, t("share.replay_link")),
              h("p", {"class_": "hint", "id": "share-replay-hint"},
                t("share.replay_body" if match.over else "share.replay_body_live")),
              h("input", {"id": "share-replay", "readonly": True, "value": screen.replay_link(),
                          "aria_describedby": "share-replay-hint"}),
              h("div", {"class_": "actions"},
                h("button", {"type": "button", "class_": "button", "data_act": "copy",
                             "data_arg": "replay"}, t("share.copy_replay")),
                h("a", {"class_": "button", "href": screen.replay_href(), "id": "share-open-replay"},
                  t("share.open_replay")) if screen.slot is not None else None)]
    whole = [h("label", {"for": "share-code"}, t("share.code")),
             h("textarea", {"id": "share-code", "readonly": True, "rows": "3",
                            "spellcheck": "false"}, match.code()),
             h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "code"},
               t("share.copy_code")),
             h("label", {"for": "share-link"}, t("share.link")),
             h("input", {"id": "share-link", "readonly": True, "value": screen.share_link()}),
             h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "link"},
               t("share.copy_link"))]
    if match.over:
        return [h("p", {}, t("share.body"))] + whole + replay
    return replay + [h("details", {"class_": "share-continue", "id": "share-continue"},
                       h("summary", {}, t("share.continue")),
                       h("p", {"class_": "hint"}, t("share.continue_body")),
                       whole)]
